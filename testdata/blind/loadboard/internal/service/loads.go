package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
)

// LoadService posts, reads and cancels loads.
type LoadService struct {
	tx      Transactor
	loads   LoadStore
	keys    KeyStore
	tenders TenderStore
	outbox  Outbox
	now     NowFunc
	newID   NewIDFunc
}

func NewLoadService(tx Transactor, loads LoadStore, keys KeyStore, tenders TenderStore, outbox Outbox) *LoadService {
	return &LoadService{
		tx:      tx,
		loads:   loads,
		keys:    keys,
		tenders: tenders,
		outbox:  outbox,
		now:     time.Now,
		newID:   uuid.NewString,
	}
}

// PostResult is the outcome of Post.
type PostResult struct {
	Load     *domain.Load
	Replayed bool
}

// Post creates a load. The shipper's Idempotency-Key is claimed in the same
// transaction as the insert; replaying a key returns the load created by the
// first request.
func (s *LoadService) Post(ctx context.Context, in domain.NewLoadInput, idempotencyKey string) (*PostResult, error) {
	if strings.TrimSpace(idempotencyKey) == "" {
		return nil, domain.Invalid("Idempotency-Key", "required when posting loads")
	}
	now := s.now().UTC()
	if err := in.Validate(now); err != nil {
		return nil, err
	}
	load := &domain.Load{
		ID:              s.newID(),
		ShipperID:       in.ShipperID,
		Reference:       in.Reference,
		Origin:          in.Origin,
		Destination:     in.Destination,
		PickupAt:        in.PickupAt.UTC(),
		DeliverBy:       in.DeliverBy.UTC(),
		Equipment:       in.Equipment,
		WeightLbs:       in.WeightLbs,
		TargetRateCents: in.TargetRateCents,
		Status:          domain.LoadOpen,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	var replayedID string
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		id, claimed, err := s.keys.Claim(ctx, "loads:"+in.ShipperID, idempotencyKey, fingerprint(in), load.ID)
		if err != nil {
			return err
		}
		if !claimed {
			replayedID = id
			return nil
		}
		return s.loads.Create(ctx, load)
	})
	if err != nil {
		return nil, err
	}
	if replayedID != "" {
		existing, err := s.loads.Get(ctx, replayedID)
		if err != nil {
			return nil, err
		}
		return &PostResult{Load: existing, Replayed: true}, nil
	}
	return &PostResult{Load: load}, nil
}

func (s *LoadService) Get(ctx context.Context, id string) (*domain.Load, error) {
	return s.loads.Get(ctx, id)
}

func (s *LoadService) ListOpen(ctx context.Context, equipment domain.Equipment, limit int) ([]*domain.Load, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	return s.loads.ListOpen(ctx, equipment, limit)
}

// Cancel cancels a load on behalf of its shipper. Cancelling an already
// cancelled load returns it unchanged.
func (s *LoadService) Cancel(ctx context.Context, loadID, shipperID, reason string) (*domain.Load, error) {
	var out *domain.Load
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		load, err := s.loads.GetForUpdate(ctx, loadID)
		if err != nil {
			return err
		}
		if load.ShipperID != shipperID {
			return domain.ErrForbidden
		}
		out = load
		if load.Status == domain.LoadCancelled {
			return nil
		}
		if !load.Cancellable() {
			return &domain.TransitionError{Entity: "load", ID: loadID, From: string(load.Status), To: string(domain.LoadCancelled)}
		}
		moved, err := s.loads.Transition(ctx, loadID, domain.LoadCancelled,
			domain.LoadOpen, domain.LoadTendering, domain.LoadCovered)
		if err != nil {
			return err
		}
		if !moved {
			return domain.ErrConflict
		}
		if _, err := s.tenders.WithdrawOpen(ctx, loadID); err != nil {
			return err
		}
		out.Status = domain.LoadCancelled
		return s.outbox.Publish(ctx, events.TopicLoadCancelled, uuid.NewString(), events.LoadCancelled{
			LoadID:      loadID,
			ShipperID:   shipperID,
			Reason:      reason,
			CancelledAt: s.now().UTC(),
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// fingerprint hashes the request so a key reused for a different load is
// rejected rather than silently answered with the wrong load.
func fingerprint(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// IsNotFound reports whether err means the entity does not exist.
func IsNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }
