// Package edi handles EDI traffic with shipping lines: inbound COPARN
// orders, the outbox relay, and delivery of outbound messages.
package edi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/platform/ids"
)

// BookingStore stores COPARN order lines.
type BookingStore interface {
	InsertOrders(ctx context.Context, orders []domain.BookingOrder) error
}

// Outbox stores outbound messages.
type Outbox interface {
	Add(ctx context.Context, m *domain.OutboxMessage) error
}

// Inbound accepts messages posted by shipping lines.
type Inbound struct {
	uow      db.UnitOfWork
	bookings BookingStore
	outbox   Outbox
}

// NewInbound wires Inbound.
func NewInbound(uow db.UnitOfWork, bookings BookingStore, outbox Outbox) *Inbound {
	return &Inbound{uow: uow, bookings: bookings, outbox: outbox}
}

// COPARN is the JSON rendering of a container pre-announcement / release
// order as posted by a line's EDI gateway.
type COPARN struct {
	MessageRef string `json:"message_ref"`
	BookingRef string `json:"booking_ref"`
	Function   string `json:"function"` // 9 original, 5 replace, 1 cancel
	Orders     []struct {
		ContainerNo string `json:"container_no"`
		ISOType     string `json:"iso_type"`
		OrderType   string `json:"order_type"` // RELEASE | ACCEPT
	} `json:"orders"`
}

type aperak struct {
	MessageRef string `json:"message_ref"`
	BookingRef string `json:"booking_ref"`
	Status     string `json:"status"`
	Lines      int    `json:"lines"`
}

// AcceptCOPARN stores the order lines and queues the APERAK.
func (s *Inbound) AcceptCOPARN(ctx context.Context, lineCode string, msg COPARN) (int, error) {
	if msg.MessageRef == "" || msg.BookingRef == "" || len(msg.Orders) == 0 {
		return 0, fmt.Errorf("%w: message_ref, booking_ref and orders are required", httpx.ErrValidation)
	}
	orders := make([]domain.BookingOrder, 0, len(msg.Orders))
	for _, o := range msg.Orders {
		orders = append(orders, domain.BookingOrder{
			ID:          uuid.NewString(),
			LineCode:    lineCode,
			MessageRef:  msg.MessageRef,
			BookingRef:  msg.BookingRef,
			ContainerNo: strings.ToUpper(o.ContainerNo),
			ISOType:     o.ISOType,
			OrderType:   o.OrderType,
		})
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.bookings.InsertOrders(ctx, orders); err != nil {
			return err
		}
		payload, _ := json.Marshal(aperak{
			MessageRef: msg.MessageRef, BookingRef: msg.BookingRef, Status: "ACCEPTED", Lines: len(orders),
		})
		return s.outbox.Add(ctx, &domain.OutboxMessage{
			DedupKey:    ids.OutboxKey(domain.MsgAPERAK, lineCode, msg.MessageRef),
			MessageType: domain.MsgAPERAK,
			LineCode:    lineCode,
			Payload:     payload,
		})
	})
	if err != nil {
		return 0, err
	}
	return len(orders), nil
}
