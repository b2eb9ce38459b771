package consumers

import (
	"context"
	"errors"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/service"
)

func (h *Handlers) onMeterReading(ctx context.Context, evt domain.MeterReadingEvent, _ *message.Message) error {
	err := h.readings.IngestHeadEnd(ctx, evt)
	if errors.Is(err, domain.ErrNotFound) {
		return PermanentError{Err: err}
	}
	return err
}

func (h *Handlers) onBillAccount(ctx context.Context, cmd domain.BillAccountCommand, msg *message.Message) ([]*message.Message, error) {
	bill, err := h.billing.BillAccount(ctx, cmd)
	if err != nil {
		return nil, err
	}
	h.log.InfoContext(ctx, "bill computed", "bill_id", bill.ID, "account_id", bill.AccountID, "message_uuid", msg.UUID)
	issued, err := service.IssuedEvent(bill)
	if err != nil {
		return nil, err
	}
	return []*message.Message{issued}, nil
}

func (h *Handlers) onBillIssued(ctx context.Context, evt domain.BillIssuedEvent, _ *message.Message) error {
	return h.notices.NotifyBillIssued(ctx, evt)
}

func (h *Handlers) onCollectionDue(ctx context.Context, evt domain.CollectionDueEvent, _ *message.Message) error {
	return h.dd.SubmitDueCollection(ctx, evt)
}

func (h *Handlers) onCollectionRepresent(ctx context.Context, evt domain.CollectionRepresentEvent, _ *message.Message) error {
	return h.dd.Represent(ctx, evt)
}

func (h *Handlers) onCollectionSettled(ctx context.Context, evt domain.CollectionSettledEvent, _ *message.Message) error {
	err := h.dd.SettleCollection(ctx, evt)
	if errors.Is(err, domain.ErrNotFound) {
		return PermanentError{Err: err}
	}
	return err
}

func (h *Handlers) onPaymentFailed(ctx context.Context, evt domain.PaymentFailedEvent, _ *message.Message) error {
	stage := evt.Stage
	if stage == 0 {
		stage = 1
	}
	_, err := h.notices.SendDunningLetter(ctx, service.LetterCommand{
		AccountID: evt.AccountID,
		BillID:    evt.BillID,
		Stage:     stage,
	})
	return err
}

func (h *Handlers) onWorkOrderDispatch(ctx context.Context, evt domain.WorkOrderDispatchEvent, _ *message.Message) error {
	return h.orders.Dispatch(ctx, evt.WorkOrderID)
}
