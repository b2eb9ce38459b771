package fleet

import (
	"context"
	"fmt"
	"strings"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
)

type CompartmentSpec struct {
	Label string      `json:"label"`
	Size  domain.Size `json:"size"`
}

type RegisterLockerInput struct {
	SiteCode     string            `json:"site_code"`
	HostID       string            `json:"host_id"`
	Name         string            `json:"name"`
	Address      string            `json:"address"`
	Timezone     string            `json:"timezone"`
	Compartments []CompartmentSpec `json:"compartments"`
}

// SiteService is used by operations to bring lockers online and take
// compartments out of service.
type SiteService interface {
	RegisterLocker(ctx context.Context, in RegisterLockerInput) (domain.Locker, bool, error)
	StartMaintenance(ctx context.Context, compartmentID, reason string) error
}

type siteService struct {
	tx store.TxRunner
}

func NewSiteService(tx store.TxRunner) SiteService {
	return &siteService{tx: tx}
}

func lockerID(siteCode string) string {
	return "lkr_" + strings.ToLower(siteCode)
}

func (s *siteService) RegisterLocker(ctx context.Context, in RegisterLockerInput) (domain.Locker, bool, error) {
	if in.SiteCode == "" || in.HostID == "" {
		return domain.Locker{}, false, fmt.Errorf("%w: site_code and host_id are required", domain.ErrInvalidArgument)
	}
	type result struct {
		locker  domain.Locker
		created bool
	}
	res, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (result, error) {
		l, created, err := r.Lockers.Create(ctx, domain.Locker{
			ID:       lockerID(in.SiteCode),
			SiteCode: in.SiteCode,
			HostID:   in.HostID,
			Name:     in.Name,
			Address:  in.Address,
			Timezone: in.Timezone,
		})
		if err != nil {
			return result{}, err
		}
		for _, c := range in.Compartments {
			if !c.Size.Valid() {
				return result{}, fmt.Errorf("%w: compartment %s size %q", domain.ErrInvalidArgument, c.Label, c.Size)
			}
			err := r.Compartments.EnsureCompartment(ctx, domain.Compartment{
				ID:       l.ID + "_" + strings.ToLower(c.Label),
				LockerID: l.ID,
				Label:    c.Label,
				Size:     c.Size,
			})
			if err != nil {
				return result{}, err
			}
		}
		return result{locker: l, created: created}, nil
	})
	return res.locker, res.created, err
}

func (s *siteService) StartMaintenance(ctx context.Context, compartmentID, reason string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		if _, err := r.Compartments.Get(ctx, compartmentID); err != nil {
			return err
		}
		ok, err := r.Compartments.StartMaintenance(ctx, compartmentID, reason)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrInvalidState
		}
		return nil
	})
}
