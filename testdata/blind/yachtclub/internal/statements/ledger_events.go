package statements

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

const sourceLedger = "ledger"

// LedgerEvent is a notification from the accounting SaaS about a journal
// entry we created.
type LedgerEvent struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	JournalEntryID string    `json:"journal_entry_id"`
	OccurredAt     time.Time `json:"occurred_at"`
	Reason         string    `json:"reason,omitempty"`
}

// LedgerEvents applies accounting webhooks.
type LedgerEvents interface {
	Handle(ctx context.Context, evt LedgerEvent) error
}

type ledgerEvents struct {
	uow   uow.UnitOfWork
	repos *store.Repos
	now   func() time.Time
	log   *slog.Logger
}

// NewLedgerEvents builds the accounting webhook processor.
func NewLedgerEvents(u uow.UnitOfWork, repos *store.Repos, log *slog.Logger) LedgerEvents {
	return &ledgerEvents{uow: u, repos: repos, now: time.Now, log: log}
}

// Handle records the event id and applies it in one transaction, so a resent
// webhook either finds the id already recorded or applies from scratch.
func (l *ledgerEvents) Handle(ctx context.Context, evt LedgerEvent) error {
	return l.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		fresh, err := l.repos.Events.MarkProcessed(ctx, tx, sourceLedger, evt.ID, evt.Type, l.now())
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		switch evt.Type {
		case "journal_entry.posted":
			_, err = l.repos.Statements.SetPostingStatus(ctx, tx, evt.JournalEntryID, "posted")
		case "journal_entry.voided":
			l.log.WarnContext(ctx, "journal entry voided in ledger", "journal", evt.JournalEntryID, "reason", evt.Reason)
			_, err = l.repos.Statements.SetPostingStatus(ctx, tx, evt.JournalEntryID, "voided")
		}
		return err
	})
}
