package repo

import (
	"context"
	"log/slog"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
)

type events struct {
	rows db.Repository[domain.ProcessedEvent]
}

// NewEvents returns the gorm backed Events repository.
func NewEvents() Events { return &events{} }

func (r *events) Seen(ctx context.Context, source, id string) (bool, error) {
	_, err := r.rows.FindOne(ctx, "source = ? AND event_id = ?", source, id)
	if db.IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

func (r *events) MarkSeen(ctx context.Context, source, id string) error {
	_, err := r.rows.CreateIgnore(ctx, &domain.ProcessedEvent{Source: source, EventID: id, ProcessedAt: now()}, "source", "event_id")
	return err
}

// Claim records the event and reports whether this caller is the first to
// see it. Call it inside the transaction that applies the event.
func (r *events) Claim(ctx context.Context, source, id string) (bool, error) {
	return r.rows.CreateIgnore(ctx, &domain.ProcessedEvent{Source: source, EventID: id, ProcessedAt: now()}, "source", "event_id")
}

type attempts struct {
	rows db.Repository[domain.ProviderAttempt]
	log  *slog.Logger
}

// NewAttempts returns the append-only provider attempt log.
func NewAttempts(log *slog.Logger) Attempts { return &attempts{log: log} }

// Record appends one attempt. Failures are logged and swallowed: the log is
// diagnostic only.
func (r *attempts) Record(ctx context.Context, provider, op, ref, outcome, detail string) {
	row := &domain.ProviderAttempt{
		ID:        ids.NewUUID(),
		Provider:  provider,
		Operation: op,
		Ref:       ref,
		Outcome:   outcome,
		Detail:    detail,
		CreatedAt: now(),
	}
	if err := r.rows.Create(ctx, row); err != nil {
		r.log.WarnContext(ctx, "provider attempt not recorded", "provider", provider, "op", op, "err", err)
	}
}
