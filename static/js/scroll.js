// A table wider than its box scrolls sideways inside it (.table-scroll); say so plainly. Each
// .scroll-frame around such a box is marked data-overflows while part of the table is out of sight and
// data-more-right while columns remain to the right (a shadow on its edge), and shows the hint its
// data-hint names. Checked on load, on resize, after htmx swaps and on every scroll of a box.
function markScrollFrames() {
  for (const frame of document.querySelectorAll(".scroll-frame")) {
    const box = frame.querySelector(".table-scroll");
    const hidden = box.scrollWidth - box.clientWidth;
    frame.toggleAttribute("data-overflows", hidden > 1);
    frame.toggleAttribute("data-more-right", hidden - box.scrollLeft > 1);
    const hint = frame.dataset.hint && document.getElementById(frame.dataset.hint);
    if (hint) hint.hidden = hidden <= 1;
  }
}
document.addEventListener("DOMContentLoaded", markScrollFrames);
document.addEventListener("htmx:afterSettle", markScrollFrames);
window.addEventListener("resize", markScrollFrames);
document.addEventListener("scroll", markScrollFrames, true); // a box's scroll does not bubble: capture it
