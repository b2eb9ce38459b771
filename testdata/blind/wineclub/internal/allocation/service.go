// Package allocation builds each member's quarterly shipment and handles the
// changes members make before it is charged.
package allocation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the allocation provider set.
var ProviderSet = wire.NewSet(New)

// Service manages allocations.
type Service struct {
	db          *gorm.DB
	allocations *store.Allocations
	inventory   *store.Inventory
	members     *store.Members
	credits     *store.Credits
	picker      Picker
	log         *slog.Logger
}

// New builds the service.
func New(db *gorm.DB, a *store.Allocations, inv *store.Inventory, m *store.Members, c *store.Credits, log *slog.Logger) *Service {
	return &Service{db: db, allocations: a, inventory: inv, members: m, credits: c, picker: DefaultPicker(), log: log}
}

// Get loads an allocation.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*models.Allocation, error) {
	a, err := s.allocations.Get(ctx, id)
	if database.IsNotFound(err) {
		return nil, httpx.ErrNotFound
	}
	return a, err
}

// AddonLine is an extra wine a member adds to an allocation.
type AddonLine struct {
	SKU      string
	Quantity int
}

// AddAddons appends extra bottles to a pending allocation.
func (s *Service) AddAddons(ctx context.Context, allocationID uuid.UUID, lines []AddonLine) (*models.Allocation, error) {
	var out *models.Allocation
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.allocations.GetForUpdate(tx, allocationID)
		if err != nil {
			if database.IsNotFound(err) {
				return httpx.ErrNotFound
			}
			return err
		}
		if a.Status != models.AllocationPending {
			return httpx.Errorf(http.StatusConflict, "allocation is %s", a.Status)
		}
		items := make([]models.AllocationItem, 0, len(lines))
		for _, l := range lines {
			inv, err := s.inventory.Get(tx, l.SKU)
			if err != nil {
				if database.IsNotFound(err) {
					return httpx.Errorf(http.StatusUnprocessableEntity, "unknown sku %s", l.SKU)
				}
				return err
			}
			if err := s.inventory.Reserve(tx, l.SKU, l.Quantity); err != nil {
				return httpx.Errorf(http.StatusConflict, "%v", err)
			}
			items = append(items, models.AllocationItem{
				ID:           uuid.New(),
				AllocationID: a.ID,
				SKU:          l.SKU,
				Quantity:     l.Quantity,
				UnitCents:    memberPrice(inv.UnitCents),
				Addon:        true,
				CreatedAt:    time.Now().UTC(),
			})
		}
		if err := s.allocations.AddItems(tx, a.ID, items); err != nil {
			return err
		}
		out, err = s.allocations.GetForUpdate(tx, a.ID)
		return err
	})
	return out, err
}

// ApplyCredit moves store credit from the member's balance onto an
// allocation. An allocation takes credit once.
func (s *Service) ApplyCredit(ctx context.Context, allocationID uuid.UUID, amountCents int64) (*models.Allocation, error) {
	a, err := s.Get(ctx, allocationID)
	if err != nil {
		return nil, err
	}
	if a.CreditAppliedCents > 0 {
		return a, nil
	}
	if a.Status != models.AllocationPending {
		return nil, httpx.Errorf(http.StatusConflict, "allocation is %s", a.Status)
	}
	if amountCents > a.SubtotalCents {
		amountCents = a.SubtotalCents
	}
	if err := s.debitBalance(ctx, a.MemberID, amountCents); err != nil {
		return nil, err
	}
	if err := s.recordRedemption(ctx, a, amountCents); err != nil {
		return nil, err
	}
	a.CreditAppliedCents = amountCents
	return a, nil
}

func (s *Service) debitBalance(ctx context.Context, memberID string, amountCents int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		m, err := s.members.GetForUpdate(tx, memberID)
		if err != nil {
			return err
		}
		if m.CreditBalanceCents < amountCents {
			return httpx.Errorf(http.StatusUnprocessableEntity, "balance %d is below %d", m.CreditBalanceCents, amountCents)
		}
		return s.members.AdjustCredit(tx, memberID, -amountCents)
	})
}

func (s *Service) recordRedemption(ctx context.Context, a *models.Allocation, amountCents int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ok, err := s.credits.InsertRedemption(tx, &models.CreditRedemption{
			ID:           uuid.New(),
			AllocationID: a.ID,
			MemberID:     a.MemberID,
			AmountCents:  amountCents,
			CreatedAt:    time.Now().UTC(),
		})
		if err != nil || !ok {
			return err
		}
		return s.allocations.SetCreditApplied(tx, a.ID, amountCents)
	})
}

// Skip lets a member skip this quarter's shipment.
func (s *Service) Skip(ctx context.Context, allocationID uuid.UUID) (*models.Allocation, error) {
	var out *models.Allocation
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.allocations.GetForUpdate(tx, allocationID)
		if err != nil {
			if database.IsNotFound(err) {
				return httpx.ErrNotFound
			}
			return err
		}
		out = a
		if a.Status == models.AllocationSkipped {
			return nil
		}
		if err := s.allocations.Transition(tx, a.ID, models.AllocationSkipped, models.AllocationPending); err != nil {
			if errors.Is(err, store.ErrStaleState) {
				return httpx.Errorf(http.StatusConflict, "allocation is %s", a.Status)
			}
			return err
		}
		for _, it := range a.Items {
			if err := s.inventory.Release(tx, it.SKU, it.Quantity); err != nil {
				return err
			}
		}
		if a.CreditAppliedCents > 0 {
			if err := s.members.AdjustCredit(tx, a.MemberID, a.CreditAppliedCents); err != nil {
				return err
			}
		}
		out.Status = models.AllocationSkipped
		return nil
	})
	return out, err
}

// ReleaseForMember releases the stock held by a member's pending
// allocations and returns the number of bottles released.
func (s *Service) ReleaseForMember(ctx context.Context, memberID string) (int, error) {
	var released int
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var open []models.Allocation
		if err := tx.Preload("Items").
			Where("member_id = ? AND status = ?", memberID, models.AllocationPending).
			Find(&open).Error; err != nil {
			return err
		}
		for _, a := range open {
			for _, it := range a.Items {
				if err := s.inventory.Release(tx, it.SKU, it.Quantity); err != nil {
					return fmt.Errorf("release %s: %w", it.SKU, err)
				}
				released += it.Quantity
			}
		}
		return nil
	})
	return released, err
}

func memberPrice(list int64) int64 {
	return list * 85 / 100
}
