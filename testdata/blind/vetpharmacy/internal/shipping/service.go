// Package shipping books the courier for dispensed orders and consumes the
// courier's tracking and exception webhooks.
package shipping

import (
	"context"
	"time"

	"github.com/kestrelvet/refillrx/internal/courier"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/notify"
	"github.com/kestrelvet/refillrx/internal/queue"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Shipments interface {
	SaveShipment(ctx context.Context, p db.UpsertShipmentParams) (string, error)
	ShipmentByTracking(ctx context.Context, tracking string) (db.Shipment, error)
	ShipmentByOrder(ctx context.Context, orderID string) (db.Shipment, error)
	Shipment(ctx context.Context, id string) (db.Shipment, error)
	AppendEvent(ctx context.Context, p db.InsertShipmentEventParams) error
	Advance(ctx context.Context, shipmentID, status string, at time.Time) (bool, error)
}

type Orders interface {
	Get(ctx context.Context, id string) (db.Order, error)
	Lines(ctx context.Context, orderID string) ([]db.OrderLine, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
	MarkDelivered(ctx context.Context, id string) error
	Owner(ctx context.Context, id string) (db.Owner, error)
}

type Notifier interface {
	Schedule(ctx context.Context, m notify.Message) (string, error)
}

type Service struct {
	tx        store.Transactor
	shipments Shipments
	orders    Orders
	courier   courier.API
	queue     queue.Enqueuer
	notifier  Notifier
	trackURL  func(tracking string) string
	clock     func() time.Time
}

type Deps struct {
	Tx        store.Transactor
	Shipments Shipments
	Orders    Orders
	Courier   courier.API
	Queue     queue.Enqueuer
	Notifier  Notifier
}

func NewService(d Deps) *Service {
	return &Service{
		tx: d.Tx, shipments: d.Shipments, orders: d.Orders, courier: d.Courier, queue: d.Queue, notifier: d.Notifier,
		trackURL: func(t string) string { return "https://track.parcelwing.example/" + t },
		clock:    time.Now,
	}
}
