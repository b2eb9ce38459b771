package owners

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/platform"
)

// Directory reads owners, dogs, locations and franchises. Most aggregates
// only need lookups, so they depend on this rather than on the tables.
type Directory interface {
	Owner(ctx context.Context, id uuid.UUID) (*Owner, error)
	Dog(ctx context.Context, id uuid.UUID) (*Dog, error)
	Location(ctx context.Context, id string) (*Location, error)
	Franchise(ctx context.Context, id string) (*Franchise, error)
	Franchises(ctx context.Context) ([]Franchise, error)
	Locations(ctx context.Context) ([]Location, error)
	Preferences(ctx context.Context, ownerID uuid.UUID) (*SMSPreferences, error)
}

type directory struct {
	owners     *platform.Store[Owner]
	dogs       *platform.Store[Dog]
	locations  *platform.Store[Location]
	franchises *platform.Store[Franchise]
	prefs      *platform.Store[SMSPreferences]
}

// NewDirectory returns the bun-backed Directory.
func NewDirectory(db *bun.DB) Directory {
	return &directory{
		owners:     platform.NewStore[Owner](db),
		dogs:       platform.NewStore[Dog](db),
		locations:  platform.NewStore[Location](db),
		franchises: platform.NewStore[Franchise](db),
		prefs:      platform.NewStore[SMSPreferences](db),
	}
}

func (d *directory) Owner(ctx context.Context, id uuid.UUID) (*Owner, error) {
	return d.owners.Get(ctx, id)
}

func (d *directory) Dog(ctx context.Context, id uuid.UUID) (*Dog, error) {
	return d.dogs.Get(ctx, id)
}

func (d *directory) Location(ctx context.Context, id string) (*Location, error) {
	return d.locations.Get(ctx, id)
}

func (d *directory) Franchise(ctx context.Context, id string) (*Franchise, error) {
	return d.franchises.Get(ctx, id)
}

func (d *directory) Franchises(ctx context.Context) ([]Franchise, error) {
	return d.franchises.Find(ctx, "TRUE")
}

func (d *directory) Locations(ctx context.Context) ([]Location, error) {
	return d.locations.Find(ctx, "active")
}

// Preferences returns the owner's SMS preferences, defaulting to opted in
// when the owner never changed them.
func (d *directory) Preferences(ctx context.Context, ownerID uuid.UUID) (*SMSPreferences, error) {
	p, err := d.prefs.Get(ctx, ownerID)
	if err == platform.ErrNotFound {
		return &SMSPreferences{OwnerID: ownerID, OptedIn: true, PhotoUpdates: true}, nil
	}
	return p, err
}
