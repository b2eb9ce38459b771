package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// GatewayEvents applies court gateway callbacks.
type GatewayEvents struct {
	store  *store.Store
	jobs   jobs.Inserter
	notify *notify.Queue
	log    *slog.Logger
}

// NewGatewayEvents returns the handler.
func NewGatewayEvents(s *store.Store, j jobs.Inserter, n *notify.Queue, log *slog.Logger) *GatewayEvents {
	return &GatewayEvents{store: s, jobs: j, notify: n, log: log}
}

// Handle applies one callback. Callbacks already on file are acknowledged
// without being applied again.
func (h *GatewayEvents) Handle(ctx context.Context, cb gateway.Callback) error {
	seen, err := h.store.GatewayCallbackSeen(ctx, cb.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = h.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		switch cb.Type {
		case gateway.CallbackFilingAccepted:
			return h.accepted(ctx, tx, q, cb)
		case gateway.CallbackFilingRejected:
			return h.rejected(ctx, tx, q, cb)
		case gateway.CallbackDocketEntry:
			return h.docketEntry(ctx, tx, q, cb)
		default:
			h.log.WarnContext(ctx, "unhandled gateway callback", "type", cb.Type, "id", cb.ID)
			return nil
		}
	})
	if err != nil {
		return fmt.Errorf("apply %s %s: %w", cb.Type, cb.ID, err)
	}
	return h.store.RecordGatewayCallback(ctx, cb.ID, cb.EnvelopeID, cb.Type)
}

func (h *GatewayEvents) accepted(ctx context.Context, tx pgx.Tx, q *db.Queries, cb gateway.Callback) error {
	f, err := q.MarkFilingAccepted(ctx, cb.EnvelopeID, cb.CaseNumber)
	if err != nil {
		return notFound(err, "filing for envelope "+cb.EnvelopeID)
	}
	if cb.CaseNumber != "" {
		if err := q.SetMatterCaseNumber(ctx, f.MatterID, cb.CaseNumber); err != nil {
			return err
		}
	}
	if _, err := h.jobs.InsertTx(ctx, tx, jobs.SettleFeeArgs{FilingID: f.ID, Outcome: jobs.SettleCapture}, nil); err != nil {
		return err
	}
	if _, err := h.jobs.InsertTx(ctx, tx, jobs.EServeFilingArgs{FilingID: f.ID}, nil); err != nil {
		return err
	}
	a, err := q.GetAttorney(ctx, f.AttorneyID)
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("Accepted: %s (envelope %s)", f.FilingCode, cb.EnvelopeID)
	body := fmt.Sprintf("The clerk accepted your %s filing in %s.", f.FilingCode, f.CourtCode)
	if cb.CaseNumber != "" {
		body += " Case number: " + cb.CaseNumber + "."
	}
	_, err = h.notify.Enqueue(ctx, tx, notify.ToAttorney(a, "filing_accepted", subject, body))
	return err
}

func (h *GatewayEvents) rejected(ctx context.Context, tx pgx.Tx, q *db.Queries, cb gateway.Callback) error {
	f, err := q.MarkFilingRejected(ctx, cb.EnvelopeID, cb.RejectionReason)
	if err != nil {
		return notFound(err, "filing for envelope "+cb.EnvelopeID)
	}
	if _, err := h.jobs.InsertTx(ctx, tx, jobs.SettleFeeArgs{FilingID: f.ID, Outcome: jobs.SettleRelease}, nil); err != nil {
		return err
	}
	a, err := q.GetAttorney(ctx, f.AttorneyID)
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("Rejected: %s (envelope %s)", f.FilingCode, cb.EnvelopeID)
	body := fmt.Sprintf("The clerk rejected your %s filing: %s. The fee hold has been released.",
		f.FilingCode, cb.RejectionReason)
	_, err = h.notify.Enqueue(ctx, tx, notify.ToAttorney(a, "filing_rejected", subject, body))
	return err
}

func (h *GatewayEvents) docketEntry(ctx context.Context, tx pgx.Tx, q *db.Queries, cb gateway.Callback) error {
	if cb.Docket == nil {
		return invalid("docket callback without entry")
	}
	d := cb.Docket
	id, inserted, err := q.InsertDocketEntry(ctx, db.InsertDocketEntryParams{
		ID:          uuid.New(),
		CourtCode:   d.CourtCode,
		CaseNumber:  d.CaseNumber,
		Sequence:    d.Sequence,
		Description: d.Description,
		EnteredAt:   d.EnteredAt,
	})
	if err != nil {
		return err
	}
	if !inserted {
		return nil
	}
	_, err = h.jobs.InsertTx(ctx, tx, jobs.DocketFanoutArgs{DocketEntryID: id}, nil)
	return err
}
