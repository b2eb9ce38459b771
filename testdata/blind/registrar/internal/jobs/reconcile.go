package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

type DomainPager interface {
	Page(ctx context.Context, after string, limit uint64) ([]model.Domain, error)
	SetExpiry(ctx context.Context, id uuid.UUID, expires time.Time) error
}

type ReconStore interface {
	StartRun(ctx context.Context, day time.Time) error
	PutItem(ctx context.Context, it model.ReconItem) error
	FinishRun(ctx context.Context, day time.Time, checked, mismatches int) error
}

type RegistryReader interface {
	InfoDomain(ctx context.Context, name string, opts ...registry.Option) (*registry.DomainData, error)
}

// Reconcile compares every domain with the registry's record of it, stores
// the differences for the day, and adopts the registry's expiry date.
type Reconcile struct {
	domains     DomainPager
	recon       ReconStore
	registry    RegistryReader
	registrarID string
	batch       uint64
	now         func() time.Time
	log         *slog.Logger
}

func NewReconcile(cfg *config.Config, domains DomainPager, recon ReconStore, reg RegistryReader, log *slog.Logger) *Reconcile {
	return &Reconcile{
		domains: domains, recon: recon, registry: reg,
		registrarID: cfg.Registry.RegistrarID,
		batch:       uint64(cfg.Jobs.ReconcileBatch),
		now:         time.Now, log: log,
	}
}

func (j *Reconcile) Name() string { return "reconcile" }

type fieldCheck struct {
	field    string
	local    func(d model.Domain) string
	registry func(r *registry.DomainData) string
}

var reconChecks = []fieldCheck{
	{
		field:    "expires_on",
		local:    func(d model.Domain) string { return d.ExpiresAt.UTC().Format(time.DateOnly) },
		registry: func(r *registry.DomainData) string { return r.ExpiresAt.UTC().Format(time.DateOnly) },
	},
	{
		field: "nameservers",
		local: func(d model.Domain) string { return joinSorted(d.Nameservers) },
		registry: func(r *registry.DomainData) string {
			return joinSorted(r.Nameservers)
		},
	},
	{
		field:    "roid",
		local:    func(d model.Domain) string { return d.RegistryROID },
		registry: func(r *registry.DomainData) string { return r.ROID },
	},
}

func joinSorted(in []string) string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = strings.ToLower(s)
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

func (j *Reconcile) Run(ctx context.Context) error {
	day := j.now().UTC().Truncate(24 * time.Hour)
	if err := j.recon.StartRun(ctx, day); err != nil {
		return fmt.Errorf("start run: %w", err)
	}
	var checked, mismatches int
	after := ""
	for {
		page, err := j.domains.Page(ctx, after, j.batch)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			break
		}
		for _, d := range page {
			n, err := j.check(ctx, day, d)
			if err != nil {
				return fmt.Errorf("check %s: %w", d.Name, err)
			}
			checked++
			mismatches += n
		}
		after = page[len(page)-1].Name
	}
	j.log.Info("reconciliation done", "checked", checked, "mismatches", mismatches)
	return j.recon.FinishRun(ctx, day, checked, mismatches)
}

func (j *Reconcile) check(ctx context.Context, day time.Time, d model.Domain) (int, error) {
	info, err := j.registry.InfoDomain(ctx, d.Name)
	if registry.IsCode(err, registry.CodeObjectNotExists) {
		return 1, j.recon.PutItem(ctx, model.ReconItem{
			RunDate: day, DomainName: d.Name, Field: "exists", LocalValue: "yes", RegistryValue: "no",
		})
	}
	if err != nil {
		return 0, err
	}
	n := 0
	if info.Sponsor != "" && info.Sponsor != j.registrarID {
		n++
		if err := j.recon.PutItem(ctx, model.ReconItem{
			RunDate: day, DomainName: d.Name, Field: "sponsor", LocalValue: j.registrarID, RegistryValue: info.Sponsor,
		}); err != nil {
			return n, err
		}
	}
	for _, c := range reconChecks {
		lv, rv := c.local(d), c.registry(info)
		if lv == rv {
			continue
		}
		n++
		if err := j.recon.PutItem(ctx, model.ReconItem{
			RunDate: day, DomainName: d.Name, Field: c.field, LocalValue: lv, RegistryValue: rv,
		}); err != nil {
			return n, err
		}
	}
	if !info.ExpiresAt.IsZero() && !info.ExpiresAt.Equal(d.ExpiresAt) {
		if err := j.domains.SetExpiry(ctx, d.ID, info.ExpiresAt); err != nil {
			return n, err
		}
	}
	return n, nil
}
