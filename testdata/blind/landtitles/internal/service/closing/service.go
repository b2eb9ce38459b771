// Package closing drives a closing from funding through settlement.
package closing

import (
	"context"
	"errors"
	"fmt"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/notify"
	"github.com/cobaltmesa/titleworks/internal/workflows/closingwf"
)

// Workflows starts Temporal workflows; *client.Client satisfies it.
type Workflows interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow any, args ...any) (client.WorkflowRun, error)
}

// Closings persists closings.
type Closings interface {
	Get(ctx context.Context, id string) (*domain.Closing, error)
	Transition(ctx context.Context, id, from, to string, at time.Time) (bool, error)
	SetWorkflowID(ctx context.Context, id, workflowID string) error
}

// Disbursements lists a closing's disbursements.
type Disbursements interface {
	ListByClosing(ctx context.Context, closingID string) ([]domain.Disbursement, error)
}

// Ledger posts escrow ledger entries.
type Ledger interface {
	PostLedger(ctx context.Context, entries ...domain.LedgerEntry) error
}

// Orders reads and updates orders.
type Orders interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
	SetStatus(ctx context.Context, id, status string, at time.Time) error
}

// Mailer sends email.
type Mailer interface {
	SendEmail(ctx context.Context, e notify.Email) error
}

// Outbox queues domain events.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// Options configures the service.
type Options struct {
	TaskQueue string
}

// Service coordinates closings.
type Service struct {
	tx            *txm.Manager
	wf            Workflows
	closings      Closings
	disbursements Disbursements
	ledger        Ledger
	orders        Orders
	mail          Mailer
	outbox        Outbox
	opts          Options
	now           func() time.Time
	newID         func() string
}

// NewService returns a closing service.
func NewService(tx *txm.Manager, wf Workflows, closings Closings, disbursements Disbursements,
	ledger Ledger, orders Orders, mail Mailer, outbox Outbox, opts Options) *Service {
	return &Service{
		tx: tx, wf: wf, closings: closings, disbursements: disbursements, ledger: ledger,
		orders: orders, mail: mail, outbox: outbox, opts: opts, now: time.Now, newID: ids.KSUID,
	}
}

// StartFunding kicks off the funding workflow, which reserves and wires
// the disbursements.
func (s *Service) StartFunding(ctx context.Context, closingID string) (string, error) {
	c, err := s.closings.Get(ctx, closingID)
	if err != nil {
		return "", err
	}
	if c.Status != domain.ClosingScheduled && c.Status != domain.ClosingFunding {
		return "", fmt.Errorf("%w: closing is %s", domain.ErrConflict, c.Status)
	}
	workflowID := "closing-funding-" + s.newID()
	run, err := s.wf.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       workflowID,
		TaskQueue:                s.opts.TaskQueue,
		WorkflowExecutionTimeout: 72 * time.Hour,
		Memo:                     map[string]any{"closing_id": c.ID, "order_id": c.OrderID},
	}, closingwf.FundingWorkflowName, closingwf.FundingInput{ClosingID: c.ID})
	if err != nil {
		return "", fmt.Errorf("start funding workflow: %w", err)
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.closings.Transition(ctx, c.ID, domain.ClosingScheduled, domain.ClosingFunding, s.now().UTC()); err != nil {
			return err
		}
		return s.closings.SetWorkflowID(ctx, c.ID, run.GetID())
	})
	return run.GetID(), err
}

// StartRecording starts the recording workflow for a settled closing.
// There is one recording workflow per closing for its whole life.
func (s *Service) StartRecording(ctx context.Context, closingID string) (string, error) {
	c, err := s.closings.Get(ctx, closingID)
	if err != nil {
		return "", err
	}
	if c.Status != domain.ClosingSettled && c.Status != domain.ClosingRecorded {
		return "", fmt.Errorf("%w: closing is %s", domain.ErrConflict, c.Status)
	}
	workflowID := "closing-recording-" + c.ID
	_, err = s.wf.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       workflowID,
		TaskQueue:                                s.opts.TaskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, closingwf.RecordingWorkflowName, closingwf.RecordingInput{ClosingID: c.ID})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if err != nil && !errors.As(err, &started) {
		return "", fmt.Errorf("start recording workflow: %w", err)
	}
	return workflowID, nil
}

type closingSettled struct {
	ClosingID string    `json:"closing_id"`
	OrderID   string    `json:"order_id"`
	SettledAt time.Time `json:"settled_at"`
	Debits    int64     `json:"disbursed_cents"`
}

// Settle books the closing's disbursements against escrow once every
// wire has gone out.
func (s *Service) Settle(ctx context.Context, closingID string) error {
	c, err := s.closings.Get(ctx, closingID)
	if err != nil {
		return err
	}
	disbs, err := s.disbursements.ListByClosing(ctx, c.ID)
	if err != nil {
		return err
	}
	for _, d := range disbs {
		if d.Status != domain.DisbSent && d.Status != domain.DisbSettled {
			return fmt.Errorf("%w: disbursement %s is %s", domain.ErrConflict, d.PayeeRole, d.Status)
		}
	}
	now := s.now().UTC()
	ok, err := s.closings.Transition(ctx, c.ID, domain.ClosingFunded, domain.ClosingSettled, now)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: closing is not funded", domain.ErrConflict)
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var total int64
		entries := make([]domain.LedgerEntry, 0, len(disbs))
		for _, d := range disbs {
			total += d.AmountCents
			entries = append(entries, domain.LedgerEntry{
				ID: s.newID(), AccountID: c.EscrowAccountID, EntryType: domain.EntryDisbursement,
				AmountCents: -d.AmountCents, RefType: "disbursement", RefID: d.ID,
				Memo: "disbursed to " + d.PayeeName, PostedAt: now,
			})
		}
		if err := s.ledger.PostLedger(ctx, entries...); err != nil {
			return err
		}
		if err := s.orders.SetStatus(ctx, c.OrderID, "closed", now); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, "closings.v1", c.ID, closingSettled{
			ClosingID: c.ID, OrderID: c.OrderID, SettledAt: now, Debits: total,
		})
	})
}

// SendNotices emails the closing disclosure to buyer and seller.
func (s *Service) SendNotices(ctx context.Context, closingID string) (int, error) {
	c, err := s.closings.Get(ctx, closingID)
	if err != nil {
		return 0, err
	}
	o, err := s.orders.Get(ctx, c.OrderID)
	if err != nil {
		return 0, err
	}
	data := map[string]string{
		"file_number":   o.FileNumber,
		"property":      o.PropertyAddr,
		"closing_date":  c.ScheduledFor.Format("January 2, 2006 3:04 PM"),
		"closer_email":  o.CloserEmail,
		"wire_warning":  "Cobalt Mesa Title will never email you new wire instructions.",
		"sale_price_us": fmt.Sprintf("$%d.%02d", o.SalePriceCents/100, o.SalePriceCents%100),
	}
	sent := 0
	for _, to := range []string{o.BuyerEmail, o.SellerEmail} {
		if to == "" {
			continue
		}
		if err := s.mail.SendEmail(ctx, notify.Email{To: []string{to}, Template: "closing-disclosure", Data: data}); err != nil {
			return sent, fmt.Errorf("%w: notify: %v", domain.ErrUpstream, err)
		}
		sent++
	}
	return sent, nil
}
