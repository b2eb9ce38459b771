package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/tasks"
)

func (h Handlers) generateDues(ctx context.Context, p tasks.DuesGeneratePayload) error {
	_, err := h.Billing.GenerateDues(ctx, p.Period)
	return err
}

func (h Handlers) collectDues(ctx context.Context, p tasks.InvoicePayload) error {
	retried, _ := asynq.GetRetryCount(ctx)
	return h.Payments.CollectInvoice(ctx, p.InvoiceID, retried+1)
}

func (h Handlers) sendReminder(ctx context.Context, p tasks.ReminderPayload) error {
	return h.Billing.SendReminder(ctx, p.InvoiceID, p.Stage)
}

func (h Handlers) assessLateFee(ctx context.Context, p tasks.InvoicePayload) error {
	return h.Billing.AssessLateFee(ctx, p.InvoiceID)
}

func (h Handlers) collectFine(ctx context.Context, p tasks.FinePayload) error {
	return h.Payments.CollectFine(ctx, p.ViolationID)
}

func (h Handlers) payVendor(ctx context.Context, p tasks.PayoutPayload) error {
	return h.Payouts.PayVendor(ctx, p.PayoutID)
}

func (h Handlers) refundDeposit(ctx context.Context, p tasks.ReservationPayload) error {
	return h.Amenities.RefundDeposit(ctx, p.ReservationID)
}

func (h Handlers) sendNoticeEmail(ctx context.Context, p tasks.NoticePayload) error {
	return h.Notices.SendEmail(ctx, p.NoticeID)
}

func (h Handlers) sendNoticeSMS(ctx context.Context, p tasks.NoticePayload) error {
	return h.Notices.SendSMS(ctx, p.NoticeID)
}
