package routes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"

	"github.com/harvestloop/farmshare/internal/credits"
	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/providers/courier"
)

// CreditGranter gives members credit for failed deliveries.
type CreditGranter interface {
	GrantOnce(ctx context.Context, req credits.GrantRequest) (bool, error)
}

// UpdateHandler handles one kind of courier update.
type UpdateHandler func(ctx context.Context, u courier.Update) error

// MessageReader is the part of *kafka.Reader the consumer uses.
type MessageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// UpdateConsumer reads the courier partner's update topic and commits each
// offset once the message has been handled.
type UpdateConsumer struct {
	reader   MessageReader
	handlers map[string]UpdateHandler
	log      *slog.Logger
}

// UpdateDeps are what the update handlers need.
type UpdateDeps struct {
	DB          *sqlx.DB
	Tx          TxRunner
	Store       *Store
	Credits     CreditGranter
	CreditCents int64
	Log         *slog.Logger
}

// NewUpdateConsumer wires the consumer and its handler table.
func NewUpdateConsumer(reader MessageReader, d UpdateDeps) *UpdateConsumer {
	return &UpdateConsumer{
		reader: reader,
		log:    d.Log,
		handlers: map[string]UpdateHandler{
			courier.UpdateDeliveryStatus: deliveryStatus(d),
			courier.UpdateDeliveryFailed: deliveryFailed(d),
		},
	}
}

// Run consumes until ctx is cancelled.
func (c *UpdateConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		c.handleWithRetry(ctx, m)
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			c.log.Error("commit offset", "partition", m.Partition, "offset", m.Offset, "err", err)
		}
	}
}

func (c *UpdateConsumer) handleWithRetry(ctx context.Context, m kafka.Message) {
	var u courier.Update
	if err := json.Unmarshal(m.Value, &u); err != nil {
		c.log.Error("skipping undecodable courier update", "offset", m.Offset, "err", err)
		return
	}
	h, ok := c.handlers[u.Type]
	if !ok {
		c.log.Debug("ignoring courier update", "type", u.Type)
		return
	}
	backoff := 500 * time.Millisecond
	for {
		err := h(ctx, u)
		if err == nil || ctx.Err() != nil {
			return
		}
		c.log.Error("courier update failed; retrying", "event", u.EventID, "type", u.Type, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		if backoff < time.Minute {
			backoff *= 2
		}
	}
}

func deliveryStatus(d UpdateDeps) UpdateHandler {
	return func(ctx context.Context, u courier.Update) error {
		r, err := d.Store.ByHandoff(ctx, d.DB, u.HandoffID)
		if err != nil {
			if errors.Is(err, database.ErrNotFound) {
				d.Log.Warn("courier update for unknown handoff", "handoff", u.HandoffID)
				return nil
			}
			return err
		}
		return d.Tx.WithTx(ctx, func(tx *sqlx.Tx) error {
			ev := &DeliveryEvent{
				CourierEventID: u.EventID,
				RouteID:        r.ID,
				Status:         u.Status,
				OccurredAt:     u.OccurredAt,
				ReceivedAt:     time.Now(),
			}
			if u.StopRef != "" {
				ev.BoxID = &u.StopRef
			}
			if u.Reason != "" {
				ev.Reason = &u.Reason
			}
			if err := d.Store.InsertEvent(ctx, tx, ev); err != nil {
				return err
			}
			if u.StopRef != "" {
				if err := d.Store.SetStopStatus(ctx, tx, r.ID, u.StopRef, u.Status); err != nil {
					return err
				}
			}
			if u.Status == StatusDelivered && u.StopRef == "" {
				return d.Store.SetRouteStatus(ctx, tx, r.ID, StatusDelivered)
			}
			return nil
		})
	}
}

func deliveryFailed(d UpdateDeps) UpdateHandler {
	return func(ctx context.Context, u courier.Update) error {
		r, err := d.Store.ByHandoff(ctx, d.DB, u.HandoffID)
		if err != nil {
			if errors.Is(err, database.ErrNotFound) {
				return nil
			}
			return err
		}
		if u.StopRef == "" {
			return d.Store.SetRouteStatus(ctx, d.DB, r.ID, StatusFailed)
		}
		member, err := d.Store.StopMember(ctx, d.DB, r.ID, u.StopRef)
		if err != nil {
			return err
		}
		if err := d.Store.SetStopStatus(ctx, d.DB, r.ID, u.StopRef, StatusFailed); err != nil {
			return err
		}
		_, err = d.Credits.GrantOnce(ctx, credits.GrantRequest{
			MemberID:    member,
			AmountCents: d.CreditCents,
			Source:      credits.SourceDeliveryFailed,
			SourceRef:   r.ID + "/" + u.StopRef,
			Note:        "Box not delivered: " + u.Reason,
		})
		return err
	}
}
