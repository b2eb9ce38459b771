// Package app is a CQRS application layer: each command has a handler
// behind the generic CommandHandler interface, wrapped in a logging
// decorator.
package app

import (
	"context"
	"log"
)

type CommandHandler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

type loggingDecorator[C any] struct {
	base CommandHandler[C]
}

func (d loggingDecorator[C]) Handle(ctx context.Context, cmd C) error {
	log.Printf("handling %T", cmd)
	return d.base.Handle(ctx, cmd)
}

// Decorate wraps a handler in the decorators.
func Decorate[C any](h CommandHandler[C]) CommandHandler[C] {
	return loggingDecorator[C]{base: h}
}

type PlaceOrder struct {
	OrderID  string
	Customer string
}

type CancelOrder struct {
	OrderID string
}

type Repository interface {
	Insert(ctx context.Context, id, customer string) error
	MarkCancelled(ctx context.Context, orderID string) error
}

type placeOrderHandler struct{ repo Repository }

func NewPlaceOrderHandler(repo Repository) CommandHandler[PlaceOrder] {
	return Decorate[PlaceOrder](placeOrderHandler{repo: repo})
}

func (h placeOrderHandler) Handle(ctx context.Context, cmd PlaceOrder) error {
	return h.repo.Insert(ctx, cmd.OrderID, cmd.Customer)
}

type cancelOrderHandler struct{ repo Repository }

func NewCancelOrderHandler(repo Repository) CommandHandler[CancelOrder] {
	return Decorate[CancelOrder](cancelOrderHandler{repo: repo})
}

// Handle marks the order: its ID selects a row, it is no identity.
func (h cancelOrderHandler) Handle(ctx context.Context, cmd CancelOrder) error {
	return h.repo.MarkCancelled(ctx, cmd.OrderID)
}

type Commands struct {
	PlaceOrder  CommandHandler[PlaceOrder]
	CancelOrder CommandHandler[CancelOrder]
}
