// The match3 playground page: an ES module that loads the rest from /js/ (no build
// step; the server embeds every file). The modules, each small and about one thing:
// main (start-up and input), game (the game and its requests), board, animate, hud,
// dialog (the end screen), setup, notice, storage; and the pure ones with unit tests
// (`node --test`): plan, turn, narrate, words, endings, gestures, layout, idle, api.
import { main } from "./js/main.mjs";

main();
