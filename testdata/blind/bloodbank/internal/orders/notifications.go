package orders

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/hemolink-systems/bloodbank/internal/notify"
	"github.com/hemolink-systems/bloodbank/internal/platform/events"
)

// OutboundSender delivers a text message.
type OutboundSender interface {
	Send(ctx context.Context, o notify.Outbound) error
}

// HospitalNotifier texts the hospital transfusion lab when its order has
// been allocated, so the ward can plan around the delivery.
type HospitalNotifier struct {
	repo   Repository
	sender OutboundSender
}

func NewHospitalNotifier(repo Repository, sender OutboundSender) *HospitalNotifier {
	return &HospitalNotifier{repo: repo, sender: sender}
}

// Handler returns the watermill registration for order.allocated.
func (n *HospitalNotifier) Handler() events.Handler {
	return events.Handler{Name: "hospital-notifier.order-allocated", Topic: events.TopicOrderAllocated, Fn: n.onAllocated}
}

func (n *HospitalNotifier) onAllocated(msg *message.Message) error {
	ctx := msg.Context()
	evt, err := events.Decode[events.OrderAllocated](msg)
	if err != nil {
		return err
	}
	orderID, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return fmt.Errorf("order id %q: %w", evt.OrderID, err)
	}
	order, err := n.repo.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	hospital, err := n.repo.GetHospital(ctx, order.HospitalID)
	if err != nil {
		return err
	}
	if hospital.SMSContact == "" {
		return nil
	}
	ref := order.Reference
	if ref == "" {
		ref = order.ID.String()[:8]
	}
	out := notify.NewOutbound(hospital.SMSContact, notify.OrderAllocatedText(ref, evt.Units, evt.Priority))
	return n.sender.Send(ctx, out)
}
