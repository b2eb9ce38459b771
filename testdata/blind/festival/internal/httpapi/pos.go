package httpapi

import (
	"context"
	"errors"
	"time"

	"github.com/loopgate/festival-cashless/internal/events"
)

type SalesIngest interface {
	Ingest(ctx context.Context, b events.POSBatch) error
	IngestVoid(ctx context.Context, v events.POSVoid) error
}

type POSHandlers struct {
	sales SalesIngest
}

func NewPOSHandlers(s SalesIngest) *POSHandlers {
	return &POSHandlers{sales: s}
}

type UploadBatchRequest struct {
	TerminalID string           `header:"X-Terminal-Id" json:"-"`
	BatchSeq   int64            `json:"batch_seq"`
	Items      []events.POSItem `json:"items"`
	SentAt     time.Time        `json:"sent_at"`
}

func (r *UploadBatchRequest) Validate() error {
	if r.BatchSeq <= 0 {
		return errors.New("batch_seq must be positive")
	}
	for _, it := range r.Items {
		if it.AmountCents <= 0 || it.LocalSeq <= 0 {
			return errors.New("every item needs a positive local_seq and amount")
		}
	}
	return nil
}

type BatchAccepted struct {
	TerminalID string `json:"terminal_id"`
	BatchSeq   int64  `json:"batch_seq"`
	Items      int    `json:"items"`
}

func (h *POSHandlers) UploadBatch(ctx context.Context, req *UploadBatchRequest) (BatchAccepted, error) {
	err := h.sales.Ingest(ctx, events.POSBatch{
		TerminalID: req.TerminalID,
		BatchSeq:   req.BatchSeq,
		Items:      req.Items,
		SentAt:     req.SentAt,
	})
	if err != nil {
		return BatchAccepted{}, err
	}
	return BatchAccepted{TerminalID: req.TerminalID, BatchSeq: req.BatchSeq, Items: len(req.Items)}, nil
}

type VoidRequest struct {
	TerminalID string `header:"X-Terminal-Id" json:"-"`
	LocalSeq   int64  `json:"local_seq"`
	Reason     string `json:"reason"`
}

func (h *POSHandlers) Void(ctx context.Context, req *VoidRequest) (Empty, error) {
	return Empty{}, h.sales.IngestVoid(ctx, events.POSVoid{
		TerminalID: req.TerminalID,
		LocalSeq:   req.LocalSeq,
		Reason:     req.Reason,
	})
}
