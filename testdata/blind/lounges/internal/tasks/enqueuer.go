package tasks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Enqueuer schedules background work. Methods that take a stable subject use
// it as the asynq task ID, so enqueueing the same work twice while the first
// task is still queued or retained is a no-op.
type Enqueuer struct {
	client    *asynq.Client
	retention time.Duration
}

func NewEnqueuer(client *asynq.Client) *Enqueuer {
	return &Enqueuer{client: client, retention: 72 * time.Hour}
}

// enqueue submits t and treats a task-ID conflict as success.
func (e *Enqueuer) enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error {
	opts = append(opts, asynq.Retention(e.retention))
	_, err := e.client.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", t.Type(), err)
	}
	return nil
}

func (e *Enqueuer) EnqueueInvoiceRun(ctx context.Context, period string) (bool, error) {
	t, err := newTask(TypeInvoiceRun, InvoiceRunPayload{Period: period})
	if err != nil {
		return false, err
	}
	_, err = e.client.EnqueueContext(ctx, t,
		asynq.TaskID("invoice-run:"+period),
		asynq.Queue(QueueBulk),
		asynq.Retention(e.retention))
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("enqueue invoice run %s: %w", period, err)
	}
	return true, nil
}

func (e *Enqueuer) EnqueueInvoiceGenerate(ctx context.Context, airline, period string) error {
	t, err := newTask(TypeInvoiceGenerate, InvoiceGeneratePayload{AirlineCode: airline, Period: period})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t, asynq.TaskID(fmt.Sprintf("invoice-gen:%s:%s", airline, period)), asynq.Queue(QueueBulk), asynq.MaxRetry(10))
}

func (e *Enqueuer) EnqueueInvoiceSubmit(ctx context.Context, invoiceID uuid.UUID) error {
	t, err := newTask(TypeInvoiceSubmit, InvoiceSubmitPayload{InvoiceID: invoiceID})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t, asynq.TaskID("invoice-submit:"+invoiceID.String()), asynq.Queue(QueueDefault), asynq.MaxRetry(20))
}

func (e *Enqueuer) EnqueueRefund(ctx context.Context, refundID uuid.UUID) error {
	t, err := newTask(TypeRefundProcess, RefundPayload{RefundID: refundID})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t, asynq.TaskID("refund:"+refundID.String()), asynq.Queue(QueueCritical), asynq.MaxRetry(15))
}

func (e *Enqueuer) EnqueueLoyaltyResend(ctx context.Context, p LoyaltyResendPayload) (bool, error) {
	t, err := newTask(TypeLoyaltyResendVisits, p)
	if err != nil {
		return false, err
	}
	id := fmt.Sprintf("loyalty-resend:%s:%d:%d", p.LoungeCode, p.From.Unix(), p.To.Unix())
	_, err = e.client.EnqueueContext(ctx, t, asynq.TaskID(id), asynq.Queue(QueueBulk), asynq.Retention(e.retention))
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("enqueue loyalty resend: %w", err)
	}
	return true, nil
}

// EnqueueReceipt queues a payment receipt email. The receipt worker passes
// the task ID to the mail provider as its idempotency key.
func (e *Enqueuer) EnqueueReceipt(ctx context.Context, p ReceiptPayload) error {
	t, err := newTask(TypeNotifyReceipt, p)
	if err != nil {
		return err
	}
	id := fmt.Sprintf("receipt:%s:%s", p.Kind, uuid.NewString())
	return e.enqueue(ctx, t, asynq.TaskID(id), asynq.Queue(QueueDefault))
}

func (e *Enqueuer) EnqueueTransferEmail(ctx context.Context, transferID uuid.UUID) error {
	t, err := newTask(TypeNotifyTransferEmail, TransferEmailPayload{TransferID: transferID})
	if err != nil {
		return err
	}
	return e.enqueue(ctx, t, asynq.TaskID("transfer-email:"+transferID.String()), asynq.Queue(QueueDefault))
}
