// Package dnsmgmt manages the hosted DNS zones of our domains.
package dnsmgmt

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsprov"
	"github.com/tldhouse/registrar/internal/model"
)

var ErrNoZone = errors.New("domain has no hosted zone")

type ZoneStore interface {
	Upsert(ctx context.Context, z model.Zone) error
	ForDomain(ctx context.Context, domainID uuid.UUID) (model.Zone, error)
	InsertRecord(ctx context.Context, rec model.DNSRecord) error
	GetRecord(ctx context.Context, domainID, id uuid.UUID) (model.DNSRecord, error)
	DeleteRecord(ctx context.Context, id uuid.UUID) error
}

type DomainReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Domain, error)
	GetOwned(ctx context.Context, accountID uuid.UUID, name string) (model.Domain, error)
}

// DefaultRecords are created in every new zone.
type DefaultRecords []dnsprov.RecordInput

type Service struct {
	provider dnsprov.Provider
	zones    ZoneStore
	domains  DomainReader
	tx       db.Transactor
	defaults DefaultRecords
}

func NewService(provider dnsprov.Provider, zones ZoneStore, domains DomainReader, tx db.Transactor, defaults DefaultRecords) *Service {
	return &Service{provider: provider, zones: zones, domains: domains, tx: tx, defaults: defaults}
}

// ProvisionZone creates the zone at the provider with the default records
// and stores it.
func (s *Service) ProvisionZone(ctx context.Context, domainID uuid.UUID) (model.Zone, error) {
	d, err := s.domains.Get(ctx, domainID)
	if err != nil {
		return model.Zone{}, err
	}
	z, err := s.provider.EnsureZone(ctx, d.Name)
	if err != nil {
		return model.Zone{}, fmt.Errorf("ensure zone %s: %w", d.Name, err)
	}
	zone := model.Zone{DomainID: d.ID, ProviderZoneID: z.ID, Status: "pending"}
	if err := s.zones.Upsert(ctx, zone); err != nil {
		return model.Zone{}, err
	}
	for i, def := range s.defaults {
		in := def
		in.Name = expandName(in.Name, d.Name)
		in.ClientRef = fmt.Sprintf("default:%s:%d", d.ID, i)
		rec, err := s.provider.CreateRecord(ctx, z.ID, in)
		if err != nil {
			return model.Zone{}, fmt.Errorf("default record %d: %w", i, err)
		}
		if err := s.zones.InsertRecord(ctx, toModel(d.ID, rec)); err != nil {
			return model.Zone{}, err
		}
	}
	return zone, nil
}

// RecordSpec is a record as the customer submits it.
type RecordSpec struct {
	Type     string `json:"type" binding:"required,oneof=A AAAA CNAME MX TXT CAA SRV NS"`
	Name     string `json:"name" binding:"required"`
	Content  string `json:"content" binding:"required"`
	TTL      int    `json:"ttl" binding:"omitempty,min=60,max=86400"`
	Priority *int   `json:"priority"`
}

// AddRecord adds a record to the domain's zone.
func (s *Service) AddRecord(ctx context.Context, p model.Principal, domainName string, spec RecordSpec) (model.DNSRecord, error) {
	d, err := s.domains.GetOwned(ctx, p.AccountID, domainName)
	if err != nil {
		return model.DNSRecord{}, err
	}
	z, err := s.zones.ForDomain(ctx, d.ID)
	if errors.Is(err, db.ErrNotFound) {
		return model.DNSRecord{}, ErrNoZone
	}
	if err != nil {
		return model.DNSRecord{}, err
	}
	if spec.TTL == 0 {
		spec.TTL = 3600
	}
	rec, err := s.provider.CreateRecord(ctx, z.ProviderZoneID, dnsprov.RecordInput{
		Type:     spec.Type,
		Name:     expandName(spec.Name, d.Name),
		Content:  spec.Content,
		TTL:      spec.TTL,
		Priority: spec.Priority,
	})
	if err != nil {
		return model.DNSRecord{}, err
	}
	out := toModel(d.ID, rec)
	if err := s.zones.InsertRecord(ctx, out); err != nil {
		return model.DNSRecord{}, err
	}
	return out, nil
}

// DeleteRecord removes a record from the zone. A record the provider no
// longer has counts as deleted.
func (s *Service) DeleteRecord(ctx context.Context, p model.Principal, domainName string, recordID uuid.UUID) error {
	d, err := s.domains.GetOwned(ctx, p.AccountID, domainName)
	if err != nil {
		return err
	}
	rec, err := s.zones.GetRecord(ctx, d.ID, recordID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	z, err := s.zones.ForDomain(ctx, d.ID)
	if err != nil {
		return err
	}
	if err := s.provider.DeleteRecord(ctx, z.ProviderZoneID, rec.ProviderRecordID); err != nil && !dnsprov.IsNotFound(err) {
		return err
	}
	return s.zones.DeleteRecord(ctx, rec.ID)
}

func expandName(name, zone string) string {
	switch {
	case name == "@" || name == "":
		return zone
	case strings.HasSuffix(name, "."+zone) || name == zone:
		return name
	default:
		return name + "." + zone
	}
}

func toModel(domainID uuid.UUID, r *dnsprov.Record) model.DNSRecord {
	return model.DNSRecord{
		ID:               uuid.New(),
		DomainID:         domainID,
		ProviderRecordID: r.ID,
		Type:             r.Type,
		Name:             r.Name,
		Content:          r.Content,
		TTL:              r.TTL,
		Priority:         r.Priority,
		CreatedAt:        time.Now().UTC(),
	}
}
