// Shows why a launch against a live X server can fail to connect: an X server that is not started
// with -noreset resets when its last client disconnects, and the reset closes every connection that
// is still in its set-up handshake. A client that connects at that moment sees ECONNRESET.
//
//   cc -O2 -o /tmp/x-reset-race scripts/diagnostics/x-reset-race.c -lxcb -lpthread
//   Xvfb :250 -nolisten tcp &          DISPLAY=:250 /tmp/x-reset-race 2000   (some connections fail)
//   Xvfb :251 -noreset -nolisten tcp & DISPLAY=:251 /tmp/x-reset-race 2000   (none fail)
//
// Each round: a holder connection is the server's only client; a second connection is made while
// a thread drops the holder after 0-399 microseconds.
#include <xcb/xcb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static xcb_connection_t *holder;

static void *drop_holder(void *delay) {
    usleep((useconds_t)(long)delay);
    xcb_disconnect(holder);
    return NULL;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    int failed = 0;
    for (int i = 0; i < rounds; i++) {
        // Connecting right after the last round's connection closed can itself meet the reset.
        for (int tries = 0;; tries++) {
            holder = xcb_connect(NULL, NULL);
            if (!xcb_connection_has_error(holder)) break;
            xcb_disconnect(holder);
            if (tries == 100) { fprintf(stderr, "x-reset-race: no X server\n"); return 2; }
            usleep(1000);
        }
        free(xcb_get_input_focus_reply(holder, xcb_get_input_focus(holder), NULL));
        usleep(20000);  // an earlier round's reset has finished
        pthread_t thread;
        pthread_create(&thread, NULL, drop_holder, (void *)(long)(i % 400));
        xcb_connection_t *c = xcb_connect(NULL, NULL);
        xcb_get_input_focus_reply_t *reply = xcb_connection_has_error(c) ? NULL
            : xcb_get_input_focus_reply(c, xcb_get_input_focus(c), NULL);
        if (!reply) { failed++; printf("round %d (holder dropped after %d us): connection failed\n", i, i % 400); }
        free(reply);
        xcb_disconnect(c);
        pthread_join(thread, NULL);
    }
    printf("%d rounds, %d failed connections\n", rounds, failed);
    return 0;
}
