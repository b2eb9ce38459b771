package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/service"
)

// Params are the services the workers call.
type Params struct {
	fx.In

	Log           *zap.Logger
	Disbursements service.DisbursementService
	Liens         service.LienService
	Fees          service.FeeService
	Holdbacks     service.HoldbackService
	Notices       service.NoticeService
	Events        service.EventService
	Closing       service.ClosingService
	Trust         service.TrustService
}

// registration adds one worker to the bundle.
type registration func(w *river.Workers, p Params) error

// registry lists every job kind this process works.
var registry = []registration{
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, &DisburseClaimantWorker{Disbursements: p.Disbursements, Log: p.Log})
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, &PayLienWorker{Liens: p.Liens})
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, &ReleaseHoldbackWorker{Holdbacks: p.Holdbacks})
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, &CloseSettlementWorker{Closing: p.Closing})
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(time.Minute, func(ctx context.Context, a args.DrawFees) error {
			return p.Fees.DrawForDeposit(ctx, a.SettlementID, a.DepositID)
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(30*time.Second, func(ctx context.Context, a args.SendNotice) error {
			return p.Notices.Send(ctx, a.NoticeID)
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(30*time.Second, func(ctx context.Context, a args.ResendStatement) error {
			return p.Notices.ResendStatement(ctx, a.ClaimantID, a.RequestID)
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(time.Minute, func(ctx context.Context, a args.ApplyACHEvent) error {
			return p.Events.ApplyPaymentEvent(ctx, a.EventID)
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(time.Minute, func(ctx context.Context, a args.ACHPaymentReturned) error {
			return p.Events.ApplyReturn(ctx, a.EventID)
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(10*time.Minute, func(ctx context.Context, _ args.PollPayments) error {
			n, err := p.Disbursements.PollAwaiting(ctx)
			if n > 0 {
				p.Log.Info("poll marked payouts settled", zap.Int("count", n))
			}
			return err
		}))
	},
	func(w *river.Workers, p Params) error {
		return river.AddWorkerSafely(w, fn(5*time.Minute, func(ctx context.Context, _ args.ReconcileTrust) error {
			_, err := p.Trust.Reconcile(ctx, time.Now().UTC())
			return err
		}))
	},
}

// NewWorkers builds the River worker bundle from the registry.
func NewWorkers(p Params) (*river.Workers, error) {
	w := river.NewWorkers()
	for _, reg := range registry {
		if err := reg(w, p); err != nil {
			return nil, err
		}
	}
	return w, nil
}
