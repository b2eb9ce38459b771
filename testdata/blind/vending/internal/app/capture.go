package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
	"github.com/vendgrid/fleetops/internal/platform/result"
)

// CaptureService captures authorised card payments once the machine has
// confirmed delivery. It runs in the workers binary on a ticker.
type CaptureService struct {
	payments  PaymentRepository
	card      CardProcessor
	batchSize int
	log       *slog.Logger
}

type CaptureConfig struct {
	BatchSize int
}

func NewCaptureService(payments PaymentRepository, card CardProcessor, cfg CaptureConfig, log *slog.Logger) *CaptureService {
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 200
	}
	return &CaptureService{payments: payments, card: card, batchSize: cfg.BatchSize, log: log.With("svc", "capture")}
}

// CaptureDue captures one batch. Payments that fail stay authorised and are
// picked up by the next tick.
func (s *CaptureService) CaptureDue(ctx context.Context) ([]result.Result[domain.Payment], error) {
	due, err := s.payments.ListCapturable(ctx, s.batchSize)
	if err != nil {
		return nil, fmt.Errorf("list capturable: %w", err)
	}
	out := make([]result.Result[domain.Payment], 0, len(due))
	for _, p := range due {
		if ctx.Err() != nil {
			break
		}
		out = append(out, s.captureOne(ctx, p))
	}
	return out, nil
}

func (s *CaptureService) captureOne(ctx context.Context, p domain.Payment) result.Result[domain.Payment] {
	if !p.Capturable() {
		return result.Fail[domain.Payment](fmt.Errorf("payment %s not capturable: %w", p.ID, domain.ErrInvalidTransition))
	}
	res, err := s.card.Capture(ctx, CardCapture{
		AuthorizationID: p.ProviderAuthID,
		AmountCents:     p.AmountCents,
		IdempotencyKey:  ids.New(),
	})
	if err != nil {
		return result.Fail[domain.Payment](fmt.Errorf("capture %s: %w", p.ID, err))
	}
	changed, err := s.payments.MarkCaptured(ctx, p.ID, res.ID)
	if err != nil {
		return result.Fail[domain.Payment](fmt.Errorf("store capture %s for %s: %w", res.ID, p.ID, err))
	}
	if !changed {
		s.log.WarnContext(ctx, "payment changed state during capture", "payment_id", p.ID, "capture_id", res.ID)
	}
	p.Status = domain.PaymentCaptured
	p.ProviderCaptureID = res.ID
	return result.Ok(p)
}
