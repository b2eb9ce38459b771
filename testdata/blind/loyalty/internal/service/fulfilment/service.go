// Package fulfilment applies the partner's order status callbacks to our
// catalogue orders.
package fulfilment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/google/uuid"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

const inboxConsumer = "partner-callbacks"

// Inbox remembers which callback messages were handled.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

type Service struct {
	pool  txn.Beginner
	inbox Inbox
	log   *slog.Logger
}

func NewService(pool txn.Beginner, inbox Inbox, log *slog.Logger) *Service {
	return &Service{pool: pool, inbox: inbox, log: log}
}

func partnerID(cb domain.PartnerCallback) pgtype.Text {
	return pgtype.Text{String: cb.PartnerOrderID, Valid: true}
}

// MarkFulfilled moves a submitted or shipped order to fulfilled. The status
// check runs under a row lock in the same transaction as the update.
func (s *Service) MarkFulfilled(ctx context.Context, cb domain.PartnerCallback) error {
	return txn.Exec(ctx, s.pool, func(q *db.Queries) error {
		order, err := q.GetCatalogueOrderByPartnerIDForUpdate(ctx, partnerID(cb))
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: partner order %s", domain.ErrNotFound, cb.PartnerOrderID)
		}
		if err != nil {
			return err
		}
		switch order.Status {
		case "fulfilled":
			return nil
		case "submitted", "shipped":
		default:
			s.log.WarnContext(ctx, "fulfilled callback for order in unexpected state",
				"order_id", order.ID, "status", order.Status)
			return nil
		}
		if err := q.SetCatalogueOrderStatus(ctx, db.SetCatalogueOrderStatusParams{ID: order.ID, Status: "fulfilled"}); err != nil {
			return err
		}
		payload, _ := json.Marshal(cb)
		_, err = q.InsertCatalogueOrderEvent(ctx, db.InsertCatalogueOrderEventParams{
			OrderID:   order.ID,
			EventType: "fulfilled",
			Payload:   payload,
		})
		return err
	})
}

// MarkRejected handles a partner rejection (out of stock, undeliverable
// address) by returning the order's points to the member.
func (s *Service) MarkRejected(ctx context.Context, messageID string, cb domain.PartnerCallback) error {
	seen, err := s.inbox.Seen(ctx, inboxConsumer, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = txn.Exec(ctx, s.pool, func(q *db.Queries) error {
		order, err := q.GetCatalogueOrderByPartnerID(ctx, partnerID(cb))
		if err != nil {
			return err
		}
		if err := q.SetCatalogueOrderStatus(ctx, db.SetCatalogueOrderStatusParams{ID: order.ID, Status: "rejected"}); err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       uuid.NewString(),
			MemberID: order.MemberID,
			Delta:    order.Points,
			Kind:     "catalogue_refund",
			Note:     "partner rejected: " + cb.Reason,
		}); err != nil {
			return err
		}
		_, err = q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: order.MemberID, Delta: order.Points})
		return err
	})
	if err != nil {
		return err
	}
	return s.inbox.MarkProcessed(ctx, inboxConsumer, messageID)
}

// RecordShipment stores the carrier and tracking number for a shipped order.
func (s *Service) RecordShipment(ctx context.Context, cb domain.PartnerCallback) error {
	return txn.Exec(ctx, s.pool, func(q *db.Queries) error {
		order, err := q.GetCatalogueOrderByPartnerID(ctx, partnerID(cb))
		if err != nil {
			return err
		}
		if err := q.InsertShipment(ctx, db.InsertShipmentParams{
			PartnerOrderID: cb.PartnerOrderID,
			Carrier:        cb.Carrier,
			TrackingNumber: cb.TrackingNumber,
			ShippedAt:      cb.OccurredAt,
		}); err != nil {
			return fmt.Errorf("insert shipment: %w", err)
		}
		return q.SetCatalogueOrderStatus(ctx, db.SetCatalogueOrderStatusParams{ID: order.ID, Status: "shipped"})
	})
}

// MarkCancelled handles a cancellation confirmed by the partner: the order is
// locked, its status checked, and the refund posted under a ref derived from
// the order id, all in one transaction.
func (s *Service) MarkCancelled(ctx context.Context, cb domain.PartnerCallback) error {
	return txn.Exec(ctx, s.pool, func(q *db.Queries) error {
		order, err := q.GetCatalogueOrderByPartnerIDForUpdate(ctx, partnerID(cb))
		if err != nil {
			return err
		}
		if order.Status == "cancelled" {
			return nil
		}
		if order.Status != "submitted" {
			return fmt.Errorf("%w: cannot cancel order in %s", domain.ErrInvalidState, order.Status)
		}
		if err := q.SetCatalogueOrderStatus(ctx, db.SetCatalogueOrderStatusParams{ID: order.ID, Status: "cancelled"}); err != nil {
			return err
		}
		posted, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
			ID:       "refund-" + order.ID,
			MemberID: order.MemberID,
			Delta:    order.Points,
			Kind:     "catalogue_refund",
			Ref:      pgtype.Text{String: "catalogue-refund:" + order.ID, Valid: true},
			Note:     "partner cancelled",
		})
		if err != nil || posted == 0 {
			return err
		}
		_, err = q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: order.MemberID, Delta: order.Points})
		return err
	})
}
