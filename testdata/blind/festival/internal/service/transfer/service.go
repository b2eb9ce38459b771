// Package transfer lets attendees hand a ticket over to a friend. The
// sender starts a transfer, the recipient gets a claim code by SMS and
// accepts it in the app.
package transfer

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/store"
)

const (
	ticketValid        = "valid"
	ticketTransferring = "transferring"
	transferAccepted   = "accepted"
)

// Outbox queues notices in the caller's transaction.
type Outbox interface {
	QueueIn(ctx context.Context, q *db.Queries, n notify.Notice) (db.Notification, error)
	Dispatch(ctx context.Context, n db.Notification) error
}

type Service struct {
	store  *store.Store
	outbox Outbox
	pub    events.Publisher
}

func NewService(s *store.Store, outbox Outbox, pub events.Publisher) *Service {
	return &Service{store: s, outbox: outbox, pub: pub}
}

type CreateInput struct {
	TicketID     string
	FromAttendee uuid.UUID
	ToEmail      string
	ToPhone      string
}

type Created struct {
	TransferID uuid.UUID `json:"transfer_id"`
	TicketID   string    `json:"ticket_id"`
	ToEmail    string    `json:"to_email"`
	Status     string    `json:"status"`
}

// Create offers the ticket to the recipient. Starting a new transfer for a
// ticket withdraws any offer still open for it.
func (s *Service) Create(ctx context.Context, in CreateInput) (Created, error) {
	if in.ToPhone == "" || !strings.Contains(in.ToEmail, "@") {
		return Created{}, apperr.Invalid("recipient", "recipient email and phone are required")
	}
	var queued db.Notification
	tr, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (db.TicketTransfer, error) {
		t, err := q.GetTicketForUpdate(ctx, in.TicketID)
		if err != nil {
			if store.NoRows(err) {
				return db.TicketTransfer{}, apperr.NotFound("ticket_not_found", "ticket %s not found", in.TicketID)
			}
			return db.TicketTransfer{}, err
		}
		if t.AttendeeID != in.FromAttendee {
			return db.TicketTransfer{}, apperr.Forbidden("not_owner", "ticket does not belong to caller")
		}
		if t.Status != ticketValid && t.Status != ticketTransferring {
			return db.TicketTransfer{}, apperr.Conflict("ticket_state", "ticket %s is %s", t.ID, t.Status)
		}
		if _, err := q.CancelPendingTransfers(ctx, t.ID); err != nil {
			return db.TicketTransfer{}, err
		}
		if err := q.SetTicketStatus(ctx, db.SetTicketStatusParams{ID: t.ID, Status: ticketTransferring}); err != nil {
			return db.TicketTransfer{}, err
		}
		code, err := claimCode()
		if err != nil {
			return db.TicketTransfer{}, err
		}
		tr, err := q.CreateTransfer(ctx, db.CreateTransferParams{
			ID:           uuid.New(),
			TicketID:     t.ID,
			FromAttendee: in.FromAttendee,
			ToEmail:      strings.ToLower(in.ToEmail),
			ToPhone:      in.ToPhone,
			ClaimCode:    code,
		})
		if err != nil {
			return db.TicketTransfer{}, err
		}
		queued, err = s.outbox.QueueIn(ctx, q, notify.Notice{
			Channel:   "sms",
			Recipient: in.ToPhone,
			Template:  "transfer_offer",
			DedupKey:  "transfer-offer:" + tr.ID.String(),
			Body:      fmt.Sprintf("A Loopgate ticket is waiting for you. Open the app and enter code %s to claim it.", code),
		})
		return tr, err
	})
	if err != nil {
		return Created{}, err
	}
	if err := s.outbox.Dispatch(ctx, queued); err != nil {
		return Created{}, err
	}
	return Created{TransferID: tr.ID, TicketID: tr.TicketID, ToEmail: tr.ToEmail, Status: tr.Status}, nil
}

type AcceptInput struct {
	TransferID uuid.UUID
	ClaimCode  string
	Attendee   uuid.UUID
}

// Accept moves the ticket to the recipient.
func (s *Service) Accept(ctx context.Context, in AcceptInput) (db.TicketTransfer, error) {
	tr, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (db.TicketTransfer, error) {
		tr, err := q.AcceptTransfer(ctx, db.AcceptTransferParams{
			ID:         in.TransferID,
			ClaimCode:  in.ClaimCode,
			ToAttendee: &in.Attendee,
		})
		if store.NoRows(err) {
			prior, err := q.GetTransfer(ctx, in.TransferID)
			if err != nil {
				if store.NoRows(err) {
					return db.TicketTransfer{}, apperr.NotFound("transfer_not_found", "transfer %s not found", in.TransferID)
				}
				return db.TicketTransfer{}, err
			}
			if prior.Status == transferAccepted && prior.ToAttendee != nil && *prior.ToAttendee == in.Attendee {
				return prior, nil
			}
			return db.TicketTransfer{}, apperr.Conflict("transfer_state", "transfer is %s or the code is wrong", prior.Status)
		}
		if err != nil {
			return db.TicketTransfer{}, err
		}
		return tr, q.ReassignTicket(ctx, db.ReassignTicketParams{ID: tr.TicketID, AttendeeID: in.Attendee})
	})
	if err != nil {
		return db.TicketTransfer{}, err
	}
	err = s.pub.Publish(ctx, events.SubjectTransfersAccepted, "transfer-accepted:"+tr.ID.String(), events.TransferAccepted{
		TransferID:   tr.ID,
		TicketID:     tr.TicketID,
		FromAttendee: tr.FromAttendee,
		ToAttendee:   in.Attendee,
	})
	return tr, err
}

func claimCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}
