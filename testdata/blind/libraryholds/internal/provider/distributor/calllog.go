package distributor

import (
	"context"
	"log/slog"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

// CallSink stores partner call attempts.
type CallSink interface {
	LogCall(ctx context.Context, c domain.PartnerCall) error
}

// AttemptRecorder returns an OnAttempt hook that appends every attempt to
// the partner call log. Failures to log never fail the call itself.
func AttemptRecorder(sink CallSink, log *slog.Logger) func(context.Context, domain.PartnerCall) {
	return func(ctx context.Context, c domain.PartnerCall) {
		if err := sink.LogCall(context.WithoutCancel(ctx), c); err != nil {
			log.Warn("partner call log write failed", "op", c.Operation, "ref", c.Ref, "err", err)
		}
	}
}
