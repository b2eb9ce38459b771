// Package logging builds the process logger and the helper used by the
// service logging decorators.
package logging

import (
	"context"
	"log/slog"
	"os"
	"time"
)

// New returns a JSON logger tagged with the binary name.
func New(binary string) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	return slog.New(h).With("app", "liftcare", "bin", binary)
}

// Track logs one service operation when the returned func runs. Use it as
//
//	defer logging.Track(ctx, l.log, "op", &err, "key", v)()
func Track(ctx context.Context, log *slog.Logger, op string, errp *error, kv ...any) func() {
	start := time.Now()
	return func() {
		kv = append(kv, "op", op, slog.Int64("ms", time.Since(start).Milliseconds()))
		if errp != nil && *errp != nil {
			log.WarnContext(ctx, "op failed", append(kv, "err", *errp)...)
			return
		}
		log.InfoContext(ctx, "op", kv...)
	}
}
