// Package transfers lets a fan hand a ticket to someone else. The sender
// creates a transfer and shares the claim link; the recipient accepts it.
package transfers

import (
	"context"
	"strings"
	"time"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/barcode"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/store"
)

// Service is consumed by the public API.
type Service interface {
	CreateTransfer(ctx context.Context, in CreateInput) (TransferView, error)
	AcceptTransfer(ctx context.Context, fanID, transferID string) (TransferView, error)
}

type CreateInput struct {
	FanID    string
	TicketID string
	ToEmail  string
}

type TransferView struct {
	TransferID string `json:"transfer_id"`
	TicketID   string `json:"ticket_id"`
	Status     string `json:"status"`
	ClaimURL   string `json:"claim_url,omitempty"`
}

type service struct {
	tx        store.TxRunner
	q         db.Querier
	ids       idgen.Generator
	barcodes  *barcode.Deriver
	jobs      jobs.Inserter
	claimBase string
	cutoff    time.Duration
	now       func() time.Time
}

// Config holds the non-dependency settings.
type Config struct {
	ClaimBaseURL string
	// Transfers close this long before doors.
	Cutoff time.Duration
}

func NewService(tx store.TxRunner, q db.Querier, ids idgen.Generator, bc *barcode.Deriver, ins jobs.Inserter, cfg Config) Service {
	if cfg.ClaimBaseURL == "" {
		cfg.ClaimBaseURL = "https://stagepass.example/claim/"
	}
	return &service{
		tx: tx, q: q, ids: ids, barcodes: bc, jobs: ins,
		claimBase: cfg.ClaimBaseURL, cutoff: cfg.Cutoff, now: time.Now,
	}
}

func (s *service) CreateTransfer(ctx context.Context, in CreateInput) (TransferView, error) {
	to := strings.ToLower(strings.TrimSpace(in.ToEmail))
	if !strings.Contains(to, "@") {
		return TransferView{}, apperr.Invalid("a valid recipient e-mail is required")
	}
	var out TransferView
	err := s.tx.InTx(ctx, func(q db.Querier) error {
		t, err := q.GetTicketForUpdate(ctx, in.TicketID)
		if store.IsNotFound(err) {
			return apperr.NotFound("ticket %s not found", in.TicketID)
		}
		if err != nil {
			return err
		}
		if t.OwnerFanID != in.FanID {
			return apperr.Forbidden("ticket belongs to another fan")
		}
		if t.Status != "valid" {
			return apperr.Conflict("ticket is %s", t.Status)
		}
		ev, err := q.GetEvent(ctx, t.EventID)
		if err != nil {
			return err
		}
		if s.now().Add(s.cutoff).After(ev.StartsAt) {
			return apperr.Gone("transfers for %s have closed", ev.Name)
		}
		transferID := s.ids.New()
		if err := q.InsertTransfer(ctx, db.InsertTransferParams{
			ID:        transferID,
			TicketID:  t.ID,
			FromFanID: in.FanID,
			ToEmail:   to,
		}); err != nil {
			return err
		}
		out = TransferView{
			TransferID: transferID,
			TicketID:   t.ID,
			Status:     "pending",
			ClaimURL:   s.claimBase + transferID,
		}
		return nil
	})
	return out, err
}

func (s *service) AcceptTransfer(ctx context.Context, fanID, transferID string) (TransferView, error) {
	tr, err := s.q.GetTransfer(ctx, transferID)
	if store.IsNotFound(err) {
		return TransferView{}, apperr.NotFound("transfer %s not found", transferID)
	}
	if err != nil {
		return TransferView{}, err
	}
	if tr.Status != "pending" {
		return TransferView{}, apperr.Conflict("transfer is %s", tr.Status)
	}
	fan, err := s.q.GetFan(ctx, fanID)
	if err != nil {
		return TransferView{}, err
	}
	if !strings.EqualFold(fan.Email, tr.ToEmail) {
		return TransferView{}, apperr.Forbidden("transfer was addressed to a different e-mail")
	}
	ticket, err := s.q.GetTicket(ctx, tr.TicketID)
	if err != nil {
		return TransferView{}, err
	}
	if ticket.OwnerFanID != tr.FromFanID {
		return TransferView{}, apperr.Conflict("ticket is no longer owned by the sender")
	}

	n, err := s.q.ReassignTicket(ctx, db.ReassignTicketParams{
		ID:         ticket.ID,
		FromFanID:  tr.FromFanID,
		ToFanID:    fan.ID,
		NewBarcode: s.barcodes.Derive(ticket.ID, ticket.OwnerVersion+1),
	})
	if err != nil {
		return TransferView{}, err
	}
	if n == 0 {
		return TransferView{}, apperr.Conflict("ticket changed hands concurrently")
	}
	if err := s.q.MarkTransferAccepted(ctx, tr.ID, fan.ID); err != nil {
		return TransferView{}, err
	}
	if _, err := s.jobs.Insert(ctx, jobs.DeliverTicketEmailArgs{
		TicketID:   ticket.ID,
		RequestRef: "transfer:" + tr.ID,
	}, nil); err != nil {
		return TransferView{}, err
	}
	return TransferView{TransferID: tr.ID, TicketID: ticket.ID, Status: "accepted"}, nil
}
