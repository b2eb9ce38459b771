// Package orders takes hospital orders, allocates stock to them and keeps
// hospitals informed.
package orders

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// CreateRequest is the hospital's order payload.
type CreateRequest struct {
	Reference string `json:"reference"`
	Priority  string `json:"priority"`
	Lines     []struct {
		Kind       domain.ComponentKind `json:"kind"`
		BloodGroup string               `json:"blood_group"`
		Quantity   int                  `json:"quantity"`
	} `json:"lines"`
}

var priorityQueues = map[string]string{
	"routine":   jobs.QueueDefault,
	"urgent":    jobs.QueueCritical,
	"emergency": jobs.QueueCritical,
}

type Service interface {
	Create(ctx context.Context, hospitalID uuid.UUID, req CreateRequest) (domain.Order, error)
	Get(ctx context.Context, hospitalID, orderID uuid.UUID) (domain.Order, error)
	Cancel(ctx context.Context, hospitalID, orderID uuid.UUID) error
}

type service struct {
	repo  Repository
	stock inventory.Repository
	tx    database.TxRunner
	jobs  jobs.Enqueuer
	now   func() time.Time
}

func NewService(repo Repository, stock inventory.Repository, tx database.TxRunner, enq jobs.Enqueuer) Service {
	return &service{repo: repo, stock: stock, tx: tx, jobs: enq, now: time.Now}
}

func (s *service) Create(ctx context.Context, hospitalID uuid.UUID, req CreateRequest) (domain.Order, error) {
	if req.Priority == "" {
		req.Priority = "routine"
	}
	queue, ok := priorityQueues[req.Priority]
	if !ok {
		return domain.Order{}, fmt.Errorf("priority %q: %w", req.Priority, domain.ErrInvalid)
	}
	if len(req.Lines) == 0 {
		return domain.Order{}, fmt.Errorf("order has no lines: %w", domain.ErrInvalid)
	}

	order := domain.Order{
		ID:         uuid.New(),
		HospitalID: hospitalID,
		Reference:  req.Reference,
		Priority:   req.Priority,
		Status:     "pending",
		CreatedAt:  s.now().UTC(),
	}
	for i, l := range req.Lines {
		if l.Quantity <= 0 || l.Kind.ShelfLife() == 0 {
			return domain.Order{}, fmt.Errorf("line %d: %w", i+1, domain.ErrInvalid)
		}
		order.Lines = append(order.Lines, domain.OrderLine{
			OrderID: order.ID, LineNo: i + 1, Kind: l.Kind, BloodGroup: l.BloodGroup, Quantity: l.Quantity,
		})
	}

	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.repo.InsertOrder(ctx, tx, order); err != nil {
			return fmt.Errorf("insert order: %w", err)
		}
		return s.repo.InsertLines(ctx, tx, order.Lines)
	})
	if err != nil {
		return domain.Order{}, err
	}

	if _, err := s.jobs.Enqueue(ctx, jobs.TypeAllocateOrder, jobs.AllocateOrderPayload{OrderID: order.ID},
		asynq.TaskID("allocate:"+order.ID.String()),
		asynq.Queue(queue),
		asynq.MaxRetry(10),
	); err != nil {
		return domain.Order{}, err
	}
	return order, nil
}

func (s *service) Get(ctx context.Context, hospitalID, orderID uuid.UUID) (domain.Order, error) {
	o, err := s.repo.GetOrder(ctx, orderID)
	if err != nil {
		return o, err
	}
	if o.HospitalID != hospitalID {
		return domain.Order{}, fmt.Errorf("order %s: %w", orderID, domain.ErrNotFound)
	}
	return o, nil
}

// Cancel withdraws an order that has not left the building and returns its
// reserved units to stock. Cancelling an already cancelled order succeeds.
func (s *service) Cancel(ctx context.Context, hospitalID, orderID uuid.UUID) error {
	o, err := s.Get(ctx, hospitalID, orderID)
	if err != nil {
		return err
	}
	if o.Status == "cancelled" {
		return nil
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		ok, err := s.repo.SetStatus(ctx, tx, orderID, []string{"pending", "allocated"}, "cancelled")
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("order %s already %s: %w", orderID, o.Status, domain.ErrConflict)
		}
		_, err = s.stock.ReleaseOrder(ctx, tx, orderID)
		return err
	})
}
