// Package ticket mirrors the tickets sold by the ticketing partner so the
// cashless platform knows who is coming and can pre-create their wallet.
package ticket

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/store"
)

type Service struct {
	store *store.Store
}

func NewService(s *store.Store) *Service {
	return &Service{store: s}
}

// Issue records a ticket the partner issued, creating the holder's account
// and wallet if needed.
func (s *Service) Issue(ctx context.Context, ev events.TicketIssued) error {
	if ev.TicketID == "" || ev.Email == "" {
		return fmt.Errorf("ticket event without id or email: %+v", ev)
	}
	return s.store.InTx(ctx, func(q *db.Queries) error {
		att, err := q.UpsertAttendee(ctx, db.UpsertAttendeeParams{
			ID:       uuid.New(),
			Email:    strings.ToLower(strings.TrimSpace(ev.Email)),
			Phone:    ev.Phone,
			FullName: ev.FullName,
		})
		if err != nil {
			return err
		}
		if _, err := q.EnsureWallet(ctx, db.EnsureWalletParams{ID: uuid.New(), AttendeeID: att.ID}); err != nil {
			return err
		}
		return q.InsertTicket(ctx, db.InsertTicketParams{
			ID:         ev.TicketID,
			OrderRef:   ev.OrderRef,
			AttendeeID: att.ID,
			TicketType: ev.TicketType,
		})
	})
}
