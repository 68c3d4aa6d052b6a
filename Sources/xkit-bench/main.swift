import Foundation

/// The benchmarks, each comparing XKit with the anchors in the same run; figures are medians.
let usage = """
usage: xkit-bench MODE [ARGS]
  launch [ROUNDS]   first frame of the hello scene vs the Xlib+Xft floor, GTK 3 and Tk
  tags [ROUNDS]     the tags scene at 1,000 and 10,000 tags vs the Xft floor, Tk canvas and GTK FlowBox
  clip [ROUNDS] [MIB]  64 MiB through CLIPBOARD: xkit-clip against xclip, both directions, plus xsel
  png [ROUNDS] [SIDE]  a 4096×4096 picture copied as image/png (encoded on request) read by xclip,
                    against xclip serving the same PNG file
  text [ARGS]       lay out 1 MiB of mixed-script text at 600 px and hit-test it, against Pango
  edit [KEYS]       keys into a TextField and a 1 MiB TextView without a display (for callgrind counts)
  fuzz [COUNT]      random Unicode strings laid out and hit-tested at random points (default 1,000,000)
  keylat [KEYS] [ROUNDS] [MIB]  keypress-to-pixels latency of XKit's tag field (10 and 10,000 tags, and
                    during a MIB CLIPBOARD transfer) vs the Xlib+Xft floor, GtkEntry and Tk entry
  textview [ROUNDS]  first frame and peak RSS of 10 KB, 1 MiB and 10 MiB documents vs GtkTextView and Tk text
  textkeys [KEYS] [ROUNDS]  keypress-to-pixels latency at the end and the middle of a 10 KB and a 10 MiB
                    document vs GtkTextView and Tk text, to the first pixels (keylat) and to the whole
                    edit on screen (keydone)
  list [ROUNDS] [CLICKS]  first frame and peak RSS of the contacts list (10 to 1,000,000 rows) vs GtkListView,
                    and wheel scroll frame times at 1,000,000 rows vs GtkListView, ttk::treeview and the Xft floor
  menu [CYCLES]     open and close the copy menu 10,000 times; resident memory must stay flat
  spin [SECONDS]    an activity indicator and an indeterminate progress view spinning: frames and CPU per frame
  fade [ROUNDS]     a context menu fading in and out (slowed 5x): CPU per fade frame
  hostile [COUNT] [SEED]  xkit-clip -o against randomized hostile clipboard owners (default 1,000)
  all               every mode in turn
"""

let modes: [String: @MainActor ([String]) async -> Int32] = [
    "launch": { runLaunchBench(arguments: $0) },
    "keylat": { runKeylatBench(arguments: $0) },
    "menu": { await runMenuBench(arguments: $0) },
    "spin": { await runSpinBench(arguments: $0) },
    "fade": { await runMenuFadeBench(arguments: $0) },
    "tags": { runTagsBench(arguments: $0) },
    "list": { runListBench(arguments: $0) },
    "textview": { runTextViewBench(arguments: $0) },
    "textkeys": { runTextKeysBench(arguments: $0) },
    "clip": { runClipBench(arguments: $0) },
    "png": { await runPNGCopyBench(arguments: $0) },
    "text": { runTextBench(arguments: $0) },
    "fuzz": { runFuzzBench(arguments: $0) },
    "edit": { runEditBench(arguments: $0) },
    "hostile": { runHostileBench(arguments: $0) },
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
    print(usage)
    exit(2)
}
if mode == "all" {
    var status: Int32 = 0
    for name in modes.keys.sorted() {
        print("== \(name)")
        if let run = modes[name] { status |= await run([]) }
    }
    exit(status)
}
guard let run = modes[mode] else {
    print("unknown mode \(mode)\n" + usage)
    exit(2)
}
exit(await run(Array(arguments.dropFirst())))
