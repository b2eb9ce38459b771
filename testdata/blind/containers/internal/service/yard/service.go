// Package yard plans yard slots for incoming containers.
package yard

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
)

// Repository is the yard store.
type Repository interface {
	ClaimFreeSlot(ctx context.Context, reefer bool, containerNo string) (*domain.YardSlot, error)
	CreateAllocation(ctx context.Context, a *domain.YardAllocation) error
	GetAllocation(ctx context.Context, id string) (*domain.YardAllocation, error)
	CloseAllocation(ctx context.Context, id, status string, at time.Time) (bool, error)
	AdjustOccupancy(ctx context.Context, blockID string, delta int) error
	DecrementOccupancy(ctx context.Context, blockID string) error
	FreeSlot(ctx context.Context, slotID string) (string, error)
}

// Service implements slot allocation.
type Service struct {
	uow  db.UnitOfWork
	yard Repository
	now  func() time.Time
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, yard Repository) *Service {
	return &Service{uow: uow, yard: yard, now: time.Now}
}

// AllocateRequest asks for a slot for a container expected at the gate or
// from the quay.
type AllocateRequest struct {
	ContainerNo string `json:"container_no"`
	Reefer      bool   `json:"reefer"`
}

// Allocate reserves the best free slot for a container.
func (s *Service) Allocate(ctx context.Context, req AllocateRequest) (*domain.YardAllocation, error) {
	containerNo := strings.ToUpper(strings.TrimSpace(req.ContainerNo))
	if len(containerNo) != 11 {
		return nil, fmt.Errorf("%w: container_no must be 11 characters", httpx.ErrValidation)
	}
	var alloc *domain.YardAllocation
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		slot, err := s.yard.ClaimFreeSlot(ctx, req.Reefer, containerNo)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%w: no free slot", httpx.ErrConflict)
		}
		if err != nil {
			return err
		}
		alloc = &domain.YardAllocation{
			ID:          uuid.NewString(),
			ContainerNo: containerNo,
			SlotID:      slot.ID,
			BlockID:     slot.BlockID,
			Status:      "active",
			CreatedAt:   s.now().UTC(),
		}
		if err := s.yard.CreateAllocation(ctx, alloc); err != nil {
			return err
		}
		return s.yard.AdjustOccupancy(ctx, slot.BlockID, 1)
	})
	return alloc, err
}

// Release gives back the slot of an active allocation. Only the call that
// moves the allocation out of "active" touches the slot and counter.
func (s *Service) Release(ctx context.Context, id string) (*domain.YardAllocation, error) {
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		alloc, err := s.yard.GetAllocation(ctx, id)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%w: allocation %s", httpx.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		closed, err := s.yard.CloseAllocation(ctx, id, "released", s.now().UTC())
		if err != nil || !closed {
			return err
		}
		if _, err := s.yard.FreeSlot(ctx, alloc.SlotID); err != nil {
			return err
		}
		return s.yard.DecrementOccupancy(ctx, alloc.BlockID)
	})
	if err != nil {
		return nil, err
	}
	return s.yard.GetAllocation(ctx, id)
}
