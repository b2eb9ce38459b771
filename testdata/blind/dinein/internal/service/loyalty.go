package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/dinein/platform/internal/store"
)

var tierMultiplier = map[string]int{"bronze": 1, "silver": 2, "gold": 3}

// LoyaltyService accrues points on delivered orders.
type LoyaltyService interface {
	Accrue(ctx context.Context, orderID uuid.UUID) error
}

type loyaltyService struct {
	db        store.DB
	orders    store.OrderRepository
	loyalty   store.LoyaltyRepository
	directory store.Directory
	notifier  *Notifier
}

// NewLoyaltyService builds the LoyaltyService.
func NewLoyaltyService(db store.DB, orders store.OrderRepository, loyalty store.LoyaltyRepository, directory store.Directory, notifier *Notifier) *loyaltyService {
	return &loyaltyService{db: db, orders: orders, loyalty: loyalty, directory: directory, notifier: notifier}
}

func (s *loyaltyService) Accrue(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return err
	}
	if o.Status != store.OrderDelivered {
		return nil
	}
	_, tier, err := s.loyalty.Balance(ctx, s.db, o.CustomerID)
	if err != nil && err != store.ErrNotFound {
		return err
	}
	points := int(o.SubtotalCents/100) * tierMultiplier[tier]

	tx, err := s.db.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := s.loyalty.InsertAccrual(ctx, tx, o.ID, o.CustomerID, points); err != nil {
		return err
	}
	total, newTier, err := s.loyalty.AddPoints(ctx, tx, o.CustomerID, points)
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}

	c, err := s.directory.Customer(ctx, s.db, o.CustomerID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("You earned %d points on order %s. Balance: %d.", points, shortID(o.ID), total)
	if newTier != tier && tier != "" {
		body += fmt.Sprintf(" Welcome to %s!", newTier)
	}
	return s.notifier.Push(ctx, c, "Points earned", body, map[string]string{"order_id": o.ID.String()})
}
