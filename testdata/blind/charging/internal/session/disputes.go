package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
)

// ErrNotRefundable is returned for sessions that cannot be disputed.
var ErrNotRefundable = errors.New("session is not refundable")

// DisputeRequest is the driver's complaint about a session.
type DisputeRequest struct {
	Reason      string `json:"reason"` // charger_fault | overcharged | other
	RefundCents int64  `json:"refund_cents"`
	Comment     string `json:"comment"`
}

// Dispute is a stored dispute.
type Dispute struct {
	ID          string `json:"id"`
	SessionID   string `json:"session_id"`
	RefundCents int64  `json:"refund_cents"`
	RefundID    string `json:"refund_id"`
}

// Disputes handles driver disputes with automatic goodwill refunds.
type Disputes struct {
	db       *sql.DB
	repo     *Repo
	payments payments.Gateway
	autoMax  int64
}

// NewDisputes wires the dispute service; refunds up to autoMaxCents are
// granted without review.
func NewDisputes(db *sql.DB, repo *Repo, pg payments.Gateway, autoMaxCents int64) *Disputes {
	return &Disputes{db: db, repo: repo, payments: pg, autoMax: autoMaxCents}
}

func (d *Disputes) refundedSoFar(ctx context.Context, q dbutil.Querier, sessionID string) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(refund_cents), 0) FROM session_disputes WHERE session_id = ?`, sessionID).Scan(&n)
	return n, err
}

// Open refunds part of a captured session and records the dispute.
func (d *Disputes) Open(ctx context.Context, driverID, sessionID string, req DisputeRequest) (Dispute, error) {
	s, err := d.repo.Get(ctx, d.db, sessionID)
	if err != nil {
		return Dispute{}, err
	}
	if s.DriverID.String != driverID {
		return Dispute{}, ErrNotOwner
	}
	if s.Status != StatusCaptured || !s.PaymentIntentID.Valid || !s.CapturedCents.Valid {
		return Dispute{}, ErrNotRefundable
	}
	already, err := d.refundedSoFar(ctx, d.db, s.ID)
	if err != nil {
		return Dispute{}, err
	}
	if req.RefundCents <= 0 || req.RefundCents > d.autoMax || already+req.RefundCents > s.CapturedCents.Int64 {
		return Dispute{}, ErrNotRefundable
	}

	refund, err := d.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: s.PaymentIntentID.String,
		AmountCents:     req.RefundCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"session_id": s.ID, "dispute_reason": req.Reason},
	})
	if err != nil {
		return Dispute{}, fmt.Errorf("refund: %w", err)
	}

	dsp := Dispute{ID: ids.NewULID(), SessionID: s.ID, RefundCents: req.RefundCents, RefundID: refund.ID}
	_, err = d.db.ExecContext(ctx, `
		INSERT INTO session_disputes (id, session_id, driver_id, reason, refund_cents, stripe_refund_id)
		VALUES (?, ?, ?, ?, ?, ?)`, dsp.ID, s.ID, driverID, req.Reason, dsp.RefundCents, dsp.RefundID)
	if err != nil {
		return Dispute{}, fmt.Errorf("record dispute: %w", err)
	}
	return dsp, nil
}
