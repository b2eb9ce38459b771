package service

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Registry applies status events published by the state registry.
type Registry interface {
	HoldForRevokedLicense(ctx context.Context, eventID string, ev LicenseRevoked) (int, error)
	RecordParcelChange(ctx context.Context, eventID string, ev ParcelUpdated) error
	ApplyPermitStatus(ctx context.Context, eventID string, ev PermitStatusChanged) error
}

// LicenseRevoked is the payload of contractor_license.revoked.
type LicenseRevoked struct {
	LicenseNumber string    `json:"license_number"`
	Reason        string    `json:"reason"`
	RevokedAt     time.Time `json:"revoked_at"`
}

// ParcelUpdated is the payload of parcel.updated.
type ParcelUpdated struct {
	ParcelID    string    `json:"parcel_id"`
	OwnerName   string    `json:"owner_name"`
	ZoningCode  string    `json:"zoning_code"`
	EffectiveAt time.Time `json:"effective_at"`
}

// PermitStatusChanged is the payload of permit.status_changed.
type PermitStatusChanged struct {
	PermitNumber string `json:"permit_number"`
	Status       string `json:"status"`
	RegistryRef  string `json:"registry_ref"`
	Reason       string `json:"reason"`
}

type registryService struct {
	pool     *pgxpool.Pool
	apps     store.ApplicationRepo
	holds    store.HoldRepo
	parcels  store.ParcelRepo
	permits  store.PermitRepo
	statuses store.RegistryStatusRepo
	notifier Notifier
	log      *slog.Logger
}

// NewRegistry builds the Registry service.
func NewRegistry(
	pool *pgxpool.Pool,
	apps store.ApplicationRepo,
	holds store.HoldRepo,
	parcels store.ParcelRepo,
	permitRepo store.PermitRepo,
	statuses store.RegistryStatusRepo,
	notifier Notifier,
	log *slog.Logger,
) Registry {
	return &registryService{pool: pool, apps: apps, holds: holds, parcels: parcels, permits: permitRepo,
		statuses: statuses, notifier: notifier, log: log.With("service", "registry")}
}

func (s *registryService) HoldForRevokedLicense(ctx context.Context, eventID string, ev LicenseRevoked) (int, error) {
	return dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (int, error) {
		open, err := s.apps.ListOpenByContractor(ctx, tx, ev.LicenseNumber)
		if err != nil {
			return 0, err
		}
		held := 0
		for _, app := range open {
			added, err := s.holds.Add(ctx, tx, app.ID, eventID, "contractor license revoked: "+ev.Reason, app.Status)
			if err != nil {
				return 0, err
			}
			if !added {
				continue
			}
			if err := s.apps.SetStatus(ctx, tx, app.ID, permits.StatusOnHold); err != nil {
				return 0, err
			}
			held++
		}
		return held, nil
	})
}

func (s *registryService) RecordParcelChange(ctx context.Context, eventID string, ev ParcelUpdated) error {
	return dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		err := s.parcels.RecordChange(ctx, tx, store.ParcelChange{
			RegistryEventID: eventID,
			ParcelID:        ev.ParcelID,
			OwnerName:       ev.OwnerName,
			ZoningCode:      ev.ZoningCode,
			EffectiveAt:     ev.EffectiveAt,
		})
		if err != nil {
			return err
		}
		n, err := s.apps.UpdateParcelOwner(ctx, tx, ev.ParcelID, ev.OwnerName)
		if err != nil {
			return err
		}
		if n > 0 {
			s.log.InfoContext(ctx, "parcel owner changed on open applications", "parcel_id", ev.ParcelID, "applications", n)
		}
		return nil
	})
}

func (s *registryService) ApplyPermitStatus(ctx context.Context, eventID string, ev PermitStatusChanged) error {
	permit, err := s.permits.GetByNumber(ctx, s.pool, ev.PermitNumber)
	if errors.Is(err, dbx.ErrNotFound) {
		s.log.WarnContext(ctx, "registry status for unknown permit", "permit_number", ev.PermitNumber)
		return nil
	}
	if err != nil {
		return err
	}

	if ev.Status == "rejected" {
		if err := s.notifier.EmailApplicant(ctx, permit.ApplicationID, "registry_rejected", map[string]string{
			"permit_number": permit.PermitNumber,
			"reason":        ev.Reason,
		}); err != nil {
			return err
		}
	}

	return dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.statuses.Upsert(ctx, tx, permit.ID.String(), ev.RegistryRef, ev.Status, ev.Reason, eventID); err != nil {
			return err
		}
		if ev.Status == "rejected" {
			return s.apps.SetStatus(ctx, tx, permit.ApplicationID, permits.StatusRegistryRejected)
		}
		return nil
	})
}
