// Package crmsync mirrors donors and their gifts into the donor CRM.
package crmsync

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/retry"
	"github.com/kindredgive/donations/internal/providers/crm"
	"github.com/kindredgive/donations/internal/repository"
)

// Service pushes data to the CRM.
type Service interface {
	SyncDonor(ctx context.Context, donorID string) error
	RecordGift(ctx context.Context, ev domain.DonationEvent) error
}

type service struct {
	donors repository.DonorRepo
	crm    crm.Client
	policy retry.Policy
	log    *zap.Logger
}

// New builds the CRM sync service.
func New(donors repository.DonorRepo, client crm.Client, log *zap.Logger) Service {
	return &service{donors: donors, crm: client, policy: retry.Outbound, log: log.Named("crmsync")}
}

func toContact(d *domain.Donor) crm.Contact {
	return crm.Contact{
		ExternalID:     d.ID,
		Email:          d.Email,
		FirstName:      d.FirstName,
		LastName:       d.LastName,
		Postcode:       d.Postcode,
		MarketingOptIn: d.MarketingOptIn,
		Custom: map[string]string{
			"email_status":    d.EmailStatus,
			"contact_by_post": fmt.Sprint(d.ContactByPost),
		},
	}
}

// SyncDonor upserts the donor as a CRM contact keyed on our donor id.
func (s *service) SyncDonor(ctx context.Context, donorID string) error {
	donor, err := s.donors.Get(ctx, donorID)
	if err != nil {
		return err
	}
	res, err := retry.Do(ctx, s.policy, func() (*crm.ContactResult, error) {
		return s.crm.UpsertContact(ctx, toContact(donor))
	})
	if err != nil {
		return fmt.Errorf("upsert contact %s: %w", donorID, err)
	}
	if donor.CRMContactID == nil || *donor.CRMContactID != res.ID {
		return s.donors.SetCRMContactID(ctx, donor.ID, res.ID)
	}
	return nil
}

// RecordGift adds a gift to the donor's CRM timeline.
func (s *service) RecordGift(ctx context.Context, ev domain.DonationEvent) error {
	if err := s.SyncDonor(ctx, ev.DonorID); err != nil {
		return err
	}
	activity := crm.Activity{
		ContactExternalID: ev.DonorID,
		Type:              "gift",
		OccurredAt:        time.Now().UTC(),
		AmountMinor:       ev.AmountPence,
		Currency:          ev.Currency,
		Properties: map[string]any{
			"donation_id": ev.DonationID,
			"charity_id":  ev.CharityID,
			"gift_aid":    ev.GiftAid,
		},
	}
	if ev.CampaignID != nil {
		activity.Properties["campaign_id"] = *ev.CampaignID
	}
	_, err := retry.Do(ctx, s.policy, func() (*crm.ActivityResult, error) {
		return s.crm.CreateActivity(ctx, activity)
	})
	if err != nil {
		return fmt.Errorf("create gift activity %s: %w", ev.DonationID, err)
	}
	return nil
}
