package contractorstatus

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/store"
)

// Update is the message body the contractor network publishes.
type Update struct {
	Type         string    `json:"type"`
	WorkOrderID  string    `json:"work_order_id"`
	OccurredAt   time.Time `json:"occurred_at"`
	ScheduledFor time.Time `json:"scheduled_for,omitempty"`
	Technician   string    `json:"technician,omitempty"`
	Note         string    `json:"note,omitempty"`
	Invoice      *struct {
		Number      string `json:"number"`
		AmountCents int64  `json:"amount_cents"`
	} `json:"invoice,omitempty"`
}

type updateFunc func(ctx context.Context, req db.MaintenanceRequest, u Update) error

// Processor applies updates to maintenance requests.
type Processor struct {
	q     db.Querier
	tx    store.Transactor
	jobs  jobs.Enqueuer
	log   *slog.Logger
	table map[string]updateFunc
}

// NewProcessor returns a Processor.
func NewProcessor(q db.Querier, tx store.Transactor, enq jobs.Enqueuer, log *slog.Logger) *Processor {
	p := &Processor{q: q, tx: tx, jobs: enq, log: log}
	p.table = map[string]updateFunc{
		"work_order.accepted":  p.accepted,
		"work_order.scheduled": p.scheduled,
		"work_order.completed": p.completed,
		"work_order.note":      func(context.Context, db.MaintenanceRequest, Update) error { return nil },
	}
	return p
}

// HandleDelivery implements MessageHandler.
func (p *Processor) HandleDelivery(ctx context.Context, d Delivery) error {
	var u Update
	if err := json.Unmarshal(d.Body, &u); err != nil {
		p.log.WarnContext(ctx, "dropping malformed contractor update", "message_id", d.MessageID, "err", err)
		return nil
	}

	if err := p.q.LogContractorMessage(ctx, db.LogContractorMessageParams{
		ID:           ids.New(),
		SqsMessageID: d.MessageID,
		WorkOrderID:  sql.NullString{String: u.WorkOrderID, Valid: u.WorkOrderID != ""},
		EventType:    u.Type,
		ReceiveCount: int32(d.ReceiveCount),
		Body:         d.Body,
	}); err != nil {
		return fmt.Errorf("log message: %w", err)
	}

	fn, ok := p.table[u.Type]
	if !ok {
		p.log.InfoContext(ctx, "ignoring contractor update", "type", u.Type)
		return nil
	}
	req, err := p.q.GetMaintenanceRequestByWorkOrder(ctx, sql.NullString{String: u.WorkOrderID, Valid: true})
	if store.IsNotFound(err) {
		// The work order can be reported before our dispatch job has
		// recorded it; let SQS redeliver.
		return fmt.Errorf("unknown work order %s", u.WorkOrderID)
	}
	if err != nil {
		return err
	}
	return fn(ctx, req, u)
}

func (p *Processor) accepted(ctx context.Context, _ db.MaintenanceRequest, u Update) error {
	_, err := p.q.MarkRequestAccepted(ctx, sql.NullString{String: u.WorkOrderID, Valid: true})
	return err
}

func (p *Processor) scheduled(ctx context.Context, req db.MaintenanceRequest, u Update) error {
	return p.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		if err := q.UpsertVisit(ctx, db.UpsertVisitParams{
			WorkOrderID:  u.WorkOrderID,
			RequestID:    req.ID,
			ScheduledFor: u.ScheduledFor,
			Technician:   sql.NullString{String: u.Technician, Valid: u.Technician != ""},
		}); err != nil {
			return err
		}
		return q.MarkRequestScheduled(ctx, sql.NullString{String: u.WorkOrderID, Valid: true})
	})
}

// completed closes the request and approves the contractor's invoice for
// payment.
func (p *Processor) completed(ctx context.Context, req db.MaintenanceRequest, u Update) error {
	if u.Invoice == nil {
		return p.q.MarkRequestCompleted(ctx, sql.NullString{String: u.WorkOrderID, Valid: true})
	}
	if !req.ContractorID.Valid {
		return fmt.Errorf("request %s has no contractor", req.ID)
	}
	return p.tx.InTx(ctx, func(ctx context.Context, tx *sql.Tx, q db.Querier) error {
		if err := q.MarkRequestCompleted(ctx, sql.NullString{String: u.WorkOrderID, Valid: true}); err != nil {
			return err
		}
		inv, err := q.InsertContractorInvoice(ctx, db.InsertContractorInvoiceParams{
			ID:            ids.New(),
			RequestID:     req.ID,
			WorkOrderID:   u.WorkOrderID,
			ContractorID:  req.ContractorID.String,
			InvoiceNumber: u.Invoice.Number,
			AmountCents:   u.Invoice.AmountCents,
		})
		if err != nil {
			return fmt.Errorf("insert invoice: %w", err)
		}
		_, err = p.jobs.EnqueueTx(ctx, tx, jobs.PayContractorInvoiceArgs{InvoiceID: inv.ID}, nil)
		return err
	})
}
