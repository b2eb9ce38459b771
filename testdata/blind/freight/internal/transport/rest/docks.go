package rest

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/acme/freight/internal/app/docking"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/httpx"
)

type DockReserver interface {
	Reserve(ctx context.Context, cmd docking.ReserveCommand) (*domain.DockReservation, error)
}

// DockRequestPublisher queues a dock request for asynchronous handling.
type DockRequestPublisher interface {
	PublishDockRequest(ctx context.Context, req docking.DockRequest) (string, error)
}

type DockHandlers struct {
	docks     DockReserver
	responses httpx.ResponseStore
	publisher DockRequestPublisher
	now       func() time.Time
}

func NewDockHandlers(docks *docking.Service, responses httpx.ResponseStore, publisher DockRequestPublisher) *DockHandlers {
	return &DockHandlers{docks: docks, responses: responses, publisher: publisher, now: time.Now}
}

// Reserve handles POST /v1/dock-reservations (synchronous reservation).
func (h *DockHandlers) Reserve() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in docking.ReserveCommand) (any, error) {
		key, err := httpx.IdempotencyKey(r)
		if err != nil {
			return nil, err
		}
		res, _, err := httpx.Replay(r.Context(), h.responses, "dock-reservations", key,
			func(ctx context.Context) (*domain.DockReservation, error) {
				return h.docks.Reserve(ctx, in)
			})
		return res, err
	})
}

type dockRequestBody struct {
	WarehouseID string `json:"warehouse_id"`
	SlotID      string `json:"slot_id"`
	ShipmentID  string `json:"shipment_id"`
	RequestedBy string `json:"requested_by"`
}

func (b dockRequestBody) Validate() error {
	if b.WarehouseID == "" || b.SlotID == "" || b.ShipmentID == "" {
		return fmt.Errorf("%w: warehouse_id, slot_id and shipment_id are required", domain.ErrInvalid)
	}
	return nil
}

// Request handles POST /v1/dock-requests: the request is queued and
// processed by the dock-request worker.
func (h *DockHandlers) Request() http.HandlerFunc {
	return Handle(http.StatusAccepted, func(r *http.Request, in dockRequestBody) (any, error) {
		msgID, err := h.publisher.PublishDockRequest(r.Context(), docking.DockRequest{
			WarehouseID: in.WarehouseID,
			SlotID:      in.SlotID,
			ShipmentID:  in.ShipmentID,
			RequestedBy: in.RequestedBy,
			RequestedAt: h.now().UTC(),
		})
		if err != nil {
			return nil, err
		}
		return map[string]string{"status": "queued", "message_id": msgID}, nil
	})
}
