// Package certbatch resubmits print orders that never reached the print
// partner. It runs nightly as a Kubernetes CronJob (cmd/certbatch); a failed
// run is retried by the Job controller (backoffLimit 3) and the next night's
// run picks up anything still outstanding.
package certbatch

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/httpx"
	"github.com/lexicaassess/examreg/internal/provider/printpost"
	"github.com/lexicaassess/examreg/internal/service/certificate"
)

// Store is the part of the certificates repository used here.
type Store interface {
	StuckOrders(ctx context.Context, olderThan time.Time, limit int) ([]model.PrintOrder, error)
	Get(ctx context.Context, id string) (*model.Certificate, error)
	MarkOrderSubmitted(ctx context.Context, orderID, partnerRef string) error
	MarkOrderFailed(ctx context.Context, orderID, msg string) error
}

// Candidates loads recipients.
type Candidates interface {
	Get(ctx context.Context, id string) (*model.Candidate, error)
}

// Manifests submits bulk orders.
type Manifests interface {
	SubmitManifest(ctx context.Context, m printpost.Manifest, opts ...httpx.RequestOption) (*printpost.ManifestAck, error)
}

// Options configures a run.
type Options struct {
	// MinAge skips orders touched recently, which the event path may still be retrying.
	MinAge    time.Duration
	Limit     int
	ChunkSize int
	Order     certificate.Options
}

// Job is one run of the batch.
type Job struct {
	store      Store
	candidates Candidates
	partner    Manifests
	opts       Options
	log        *slog.Logger
}

// New builds a Job.
func New(store Store, candidates Candidates, partner Manifests, opts Options, log *slog.Logger) *Job {
	if opts.MinAge == 0 {
		opts.MinAge = time.Hour
	}
	if opts.Limit == 0 {
		opts.Limit = 2000
	}
	if opts.ChunkSize == 0 {
		opts.ChunkSize = 100
	}
	return &Job{store: store, candidates: candidates, partner: partner, opts: opts, log: log}
}

// Result summarises a run.
type Result struct {
	Submitted int
	Rejected  int
}

// Run resubmits stuck orders in manifests of ChunkSize.
func (j *Job) Run(ctx context.Context) (Result, error) {
	var out Result
	orders, err := j.store.StuckOrders(ctx, time.Now().Add(-j.opts.MinAge), j.opts.Limit)
	if err != nil {
		return out, err
	}
	for start := 0; start < len(orders); start += j.opts.ChunkSize {
		end := min(start+j.opts.ChunkSize, len(orders))
		sub, rej, err := j.submitChunk(ctx, orders[start:end])
		out.Submitted += sub
		out.Rejected += rej
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

func (j *Job) submitChunk(ctx context.Context, chunk []model.PrintOrder) (int, int, error) {
	manifest := printpost.Manifest{Orders: make([]printpost.Order, 0, len(chunk))}
	for _, po := range chunk {
		cert, err := j.store.Get(ctx, po.CertificateID)
		if err != nil {
			return 0, 0, fmt.Errorf("certificate %s: %w", po.CertificateID, err)
		}
		cand, err := j.candidates.Get(ctx, cert.CandidateID)
		if err != nil {
			return 0, 0, fmt.Errorf("candidate %s: %w", cert.CandidateID, err)
		}
		manifest.Orders = append(manifest.Orders, certificate.BuildOrder(j.opts.Order, po.ID, cert.Number, cert.CEFRLevel, cand))
	}

	ack, err := j.partner.SubmitManifest(ctx, manifest, httpx.IdempotencyKey(submissionKey()))
	if err != nil {
		return 0, 0, fmt.Errorf("submit manifest: %w", err)
	}

	submitted, rejected := 0, 0
	for _, po := range chunk {
		if ref, ok := ack.References[po.ID]; ok {
			if err := j.store.MarkOrderSubmitted(ctx, po.ID, ref); err != nil {
				return submitted, rejected, err
			}
			submitted++
			continue
		}
		reason := ack.Rejected[po.ID]
		if reason == "" {
			reason = "not in manifest acknowledgement"
		}
		if err := j.store.MarkOrderFailed(ctx, po.ID, reason); err != nil {
			return submitted, rejected, err
		}
		rejected++
	}
	j.log.InfoContext(ctx, "manifest submitted", "batch", ack.BatchID, "submitted", submitted, "rejected", rejected)
	return submitted, rejected, nil
}
