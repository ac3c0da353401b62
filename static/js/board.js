// The playtest board's keys: d draw, n next turn, u undo (not while typing in a field).
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, select, textarea")) return;
  const button = document.getElementById({ d: "board-draw", n: "board-next", u: "board-undo" }[event.key]);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});
