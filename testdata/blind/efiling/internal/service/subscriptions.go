package service

import (
	"context"

	"github.com/google/uuid"

	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// Subscriptions manages docket watch lists.
type Subscriptions struct {
	store *store.Store
}

// NewSubscriptions returns the service.
func NewSubscriptions(s *store.Store) *Subscriptions { return &Subscriptions{store: s} }

// SubscribeInput adds an attorney to a matter's docket alerts.
type SubscribeInput struct {
	FirmID     uuid.UUID
	MatterID   uuid.UUID
	AttorneyID uuid.UUID `json:"attorney_id"`
	Channel    string    `json:"channel"`
}

// Subscribe is a PUT: subscribing twice leaves one subscription.
func (s *Subscriptions) Subscribe(ctx context.Context, in SubscribeInput) error {
	if in.Channel != "email" && in.Channel != "sms" {
		return invalid("channel must be email or sms")
	}
	m, err := s.store.GetMatter(ctx, in.MatterID)
	if err != nil {
		return notFound(err, "matter")
	}
	a, err := s.store.GetAttorney(ctx, in.AttorneyID)
	if err != nil {
		return notFound(err, "attorney")
	}
	if m.FirmID != in.FirmID || a.FirmID != in.FirmID {
		return ErrNotFound
	}
	if in.Channel == "sms" && a.Phone == nil {
		return invalid("attorney has no mobile number on file")
	}
	sub := db.DocketSubscription{
		ID:         uuid.New(),
		MatterID:   m.ID,
		AttorneyID: a.ID,
		Channel:    in.Channel,
	}
	_, err = repo.Insert(ctx, s.store.Pool, &sub, repo.OnConflictDoNothing("matter_id", "attorney_id", "channel"))
	return err
}
