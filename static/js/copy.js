// A "Copy" button copies the text of the element its data-copy names (the export page's list).
// The clipboard API needs a secure context; elsewhere the text is selected for the player to copy.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  try {
    await navigator.clipboard.writeText(source.value ?? source.textContent);
    button.textContent = "Copied";
  } catch {
    source.focus();
    source.select?.();
    button.textContent = "Selected: press Ctrl+C";
  }
  setTimeout(() => { button.textContent = "Copy"; }, 2000);
});
