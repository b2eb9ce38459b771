// Package titlesearch orders searches from the title plant and takes in
// the exceptions the plant reports back.
package titlesearch

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/titleplant"
)

// Plant is the title plant API.
type Plant interface {
	OrderSearch(ctx context.Context, o titleplant.SearchOrder) (*titleplant.SearchReceipt, error)
}

// OrderStore persists orders and searches.
type OrderStore interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
	SetStatus(ctx context.Context, id, status string, at time.Time) error
	UpsertSearch(ctx context.Context, s *domain.TitleSearch) error
	SearchByPlantID(ctx context.Context, plantID string) (*domain.TitleSearch, error)
	CompleteSearch(ctx context.Context, plantID, reportURL string, at time.Time) error
}

// LienStore stores liens found by a search.
type LienStore interface {
	UpsertFromSearch(ctx context.Context, l *domain.Lien) error
}

// Options configures the service.
type Options struct {
	CallbackURL string
}

// Service runs title searches.
type Service struct {
	tx        *txm.Manager
	plant     Plant
	orders    OrderStore
	liens     LienStore
	opts      Options
	now       func() time.Time
	newID     func() string
	newLienID func() string
}

// NewService returns a title search service.
func NewService(tx *txm.Manager, plant Plant, orders OrderStore, liens LienStore, opts Options) *Service {
	return &Service{
		tx: tx, plant: plant, orders: orders, liens: liens, opts: opts,
		now: time.Now, newID: ids.KSUID, newLienID: uuid.NewString,
	}
}

var searchTypes = map[string]bool{"full": true, "current_owner": true, "two_owner": true}

// OrderSearch asks the plant for a search on the order's parcel.
func (s *Service) OrderSearch(ctx context.Context, orderID, searchType string) (*domain.TitleSearch, error) {
	if !searchTypes[searchType] {
		return nil, fmt.Errorf("%w: unknown search type %q", domain.ErrInvalid, searchType)
	}
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	receipt, err := s.plant.OrderSearch(ctx, titleplant.SearchOrder{
		CountyFIPS:      o.CountyFIPS,
		APN:             o.PropertyAPN,
		PropertyAddress: o.PropertyAddr,
		SearchType:      searchType,
		Vesting:         o.SellerName,
		CallbackURL:     s.opts.CallbackURL,
	})
	if err != nil {
		return nil, fmt.Errorf("%w: title plant: %v", domain.ErrUpstream, err)
	}
	now := s.now().UTC()
	ts := &domain.TitleSearch{
		ID: s.newID(), OrderID: o.ID, PlantSearchID: receipt.SearchID,
		SearchType: searchType, Status: receipt.Status, OrderedAt: now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.orders.UpsertSearch(ctx, ts); err != nil {
			return err
		}
		return s.orders.SetStatus(ctx, o.ID, "searching", now)
	})
	if err != nil {
		return nil, err
	}
	return ts, nil
}

// Completed is the plant's callback body when a search finishes.
type Completed struct {
	SearchID   string                 `json:"search_id"`
	ReportURL  string                 `json:"report_url"`
	Exceptions []titleplant.Exception `json:"exceptions"`
}

var lienDocTypes = map[string]string{
	"DOT": "deed_of_trust", "MTG": "mortgage", "JDG": "judgment",
	"TXL": "tax_lien", "MLN": "mechanics_lien", "HOA": "hoa_lien",
}

// IngestCompleted stores the liens found by a finished search. The plant
// redelivers the callback until it gets a 2xx, and may send it again
// when an examiner amends the report.
func (s *Service) IngestCompleted(ctx context.Context, c Completed) error {
	now := s.now().UTC()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		search, err := s.orders.SearchByPlantID(ctx, c.SearchID)
		if err != nil {
			return err
		}
		for _, ex := range c.Exceptions {
			lt, ok := lienDocTypes[ex.DocType]
			if !ok {
				continue // easements, CC&Rs and the like are not liens
			}
			instr := ex.InstrumentNumber
			recorded := ex.RecordedOn
			l := &domain.Lien{
				ID: s.newLienID(), OrderID: search.OrderID, InstrumentNumber: &instr, LienType: lt,
				Lienholder: ex.Grantee, LoanNumber: ex.LoanNumber, AmountCents: ex.AmountCents,
				RecordedOn: &recorded, Status: "open", CreatedAt: now,
			}
			if err := s.liens.UpsertFromSearch(ctx, l); err != nil {
				return fmt.Errorf("lien %s: %w", instr, err)
			}
		}
		if err := s.orders.CompleteSearch(ctx, c.SearchID, c.ReportURL, now); err != nil {
			return err
		}
		return s.orders.SetStatus(ctx, search.OrderID, "examining", now)
	})
}
