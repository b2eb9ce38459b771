package service

import (
	"context"
	"fmt"

	"github.com/encorelane/resale/internal/provider/beacon"
	"github.com/encorelane/resale/internal/repository"
)

type ReceiptService interface {
	Send(ctx context.Context, orderID string) error
}

type receiptService struct {
	orders   repository.OrderRepository
	users    repository.UserRepository
	events   repository.EventRepository
	notifier beacon.Notifier
}

func NewReceiptService(orders repository.OrderRepository, users repository.UserRepository, events repository.EventRepository, n beacon.Notifier) ReceiptService {
	return &receiptService{orders: orders, users: users, events: events, notifier: n}
}

// Send emails the order receipt. The order is stamped before the email
// goes out: a receipt lost to a provider outage can be re-sent from the
// support console, two receipts for one order generate tickets.
func (s *receiptService) Send(ctx context.Context, orderID string) error {
	claimed, err := s.orders.ClaimReceipt(ctx, orderID)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	buyer, err := s.users.Get(ctx, order.BuyerID)
	if err != nil {
		return err
	}
	ev, err := s.events.Get(ctx, order.EventID)
	if err != nil {
		return err
	}
	return s.notifier.SendEmail(ctx, beacon.Email{
		To:       buyer.Email,
		Template: "order-receipt",
		Subject:  "Your EncoreLane order for " + ev.Name,
		Vars: map[string]string{
			"order_id": order.ID,
			"event":    ev.Name,
			"venue":    ev.Venue,
			"total":    fmt.Sprintf("%.2f %s", float64(order.AmountCents)/100, order.Currency),
		},
	})
}
