package payout

import (
	"context"
	"log/slog"
	"time"
)

type loggedPartner struct {
	Partner
	log *slog.Logger
}

// Logged decorates a partner with structured call logging.
func Logged(p Partner, log *slog.Logger) Partner {
	return &loggedPartner{Partner: p, log: log.With("partner", p.Name())}
}

func (l *loggedPartner) Submit(ctx context.Context, req Request, opts ...SubmitOption) (*Receipt, error) {
	start := time.Now()
	o := collect(opts)
	rec, err := l.Partner.Submit(ctx, req, opts...)
	attrs := []any{
		"payout_id", req.PayoutID,
		"transfer_id", req.TransferID,
		"idempotent", o.idempotencyKey != "",
		"took", time.Since(start),
	}
	if err != nil {
		l.log.Warn("payout submit failed", append(attrs, "err", err)...)
		return nil, err
	}
	l.log.Info("payout submitted", append(attrs, "partner_ref", rec.PartnerRef, "status", rec.Status)...)
	return rec, nil
}
