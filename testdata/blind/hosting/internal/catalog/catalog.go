// Package catalog serves the plans customers can order.
package catalog

import (
	"context"
	"errors"
	"sync"
	"time"

	"gorm.io/gorm"
)

// ErrUnknownPlan is returned for missing or retired plans.
var ErrUnknownPlan = errors.New("unknown plan")

// Plan is a priced server or volume size.
type Plan struct {
	ID           string `gorm:"primaryKey"`
	Kind         string
	VCPUs        int `gorm:"column:vcpus"`
	MemoryMB     int
	DiskGB       int
	MonthlyCents int64
	HourlyCents  int64
	Active       bool
}

// TableName implements gorm's tabler.
func (Plan) TableName() string { return "plans" }

// Flavor is the partner's machine type for this plan.
func (p Plan) Flavor() string { return "nr-" + p.ID }

// Catalog caches plans in memory for a short time.
type Catalog struct {
	db  *gorm.DB
	ttl time.Duration

	mu      sync.RWMutex
	plans   map[string]Plan
	fetched time.Time
}

// New returns a Catalog.
func New(db *gorm.DB) *Catalog { return &Catalog{db: db, ttl: 5 * time.Minute} }

// Get returns an active plan.
func (c *Catalog) Get(ctx context.Context, id string) (Plan, error) {
	if err := c.refresh(ctx); err != nil {
		return Plan{}, err
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	p, ok := c.plans[id]
	if !ok || !p.Active {
		return Plan{}, ErrUnknownPlan
	}
	return p, nil
}

func (c *Catalog) refresh(ctx context.Context) error {
	c.mu.RLock()
	fresh := time.Since(c.fetched) < c.ttl
	c.mu.RUnlock()
	if fresh {
		return nil
	}
	var rows []Plan
	if err := c.db.WithContext(ctx).Find(&rows).Error; err != nil {
		return err
	}
	m := make(map[string]Plan, len(rows))
	for _, p := range rows {
		m[p.ID] = p
	}
	c.mu.Lock()
	c.plans, c.fetched = m, time.Now()
	c.mu.Unlock()
	return nil
}
