// Replay stepping: one trick at a time per deal. Without JavaScript every trick stays listed.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  for (const note of document.querySelectorAll(".nojs")) note.hidden = true;
  for (const deal of document.querySelectorAll("section.deal")) {
    const stepper = deal.querySelector(".stepper");
    const tricks = Array.from(deal.querySelectorAll("li.trick"));
    if (!stepper || tricks.length === 0) continue;
    const prev = stepper.querySelector(".prev");
    const next = stepper.querySelector(".next");
    const where = stepper.querySelector(".where");
    let current = 0;
    const show = () => {
      tricks.forEach((trick, index) => { trick.hidden = index !== current; });
      prev.disabled = current === 0;
      next.disabled = current === tricks.length - 1;
      where.textContent = stepper.dataset.step
        .replace("{n}", String(current + 1))
        .replace("{total}", String(tricks.length));
    };
    prev.addEventListener("click", () => { if (current > 0) { current -= 1; show(); } });
    next.addEventListener("click", () => { if (current < tricks.length - 1) { current += 1; show(); } });
    stepper.hidden = false;
    show();
  }
});
