package allocation

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Quarter formats t as "2025-Q3".
func Quarter(t time.Time) string {
	return fmt.Sprintf("%d-Q%d", t.Year(), (int(t.Month())-1)/3+1)
}

// Picker chooses wines for a member from what is available.
type Picker interface {
	Pick(m models.Member, stock []models.InventoryItem) []Pick
}

// Pick is one chosen wine.
type Pick struct {
	SKU       string
	Quantity  int
	UnitCents int64
}

// PickerFunc adapts a function to Picker.
type PickerFunc func(m models.Member, stock []models.InventoryItem) []Pick

// Pick implements Picker.
func (f PickerFunc) Pick(m models.Member, stock []models.InventoryItem) []Pick { return f(m, stock) }

var bottlesPerTier = map[string]int{"classic": 3, "reserve": 6, "collector": 12}

// DefaultPicker spreads each tier's bottle count over the newest vintages.
func DefaultPicker() Picker {
	return PickerFunc(func(m models.Member, stock []models.InventoryItem) []Pick {
		want := bottlesPerTier[m.Tier]
		if want == 0 {
			want = 3
		}
		var picks []Pick
		for _, it := range stock {
			if want == 0 {
				break
			}
			avail := it.OnHand - it.Reserved
			if avail <= 0 {
				continue
			}
			q := 1
			if want > len(stock) && avail > 1 {
				q = 2
			}
			if q > want {
				q = want
			}
			picks = append(picks, Pick{SKU: it.SKU, Quantity: q, UnitCents: memberPrice(it.UnitCents)})
			want -= q
		}
		return picks
	})
}

// RunResult summarises an allocation run.
type RunResult struct {
	RunID     uuid.UUID
	Quarter   string
	Allocated int
	Skipped   int
}

// AllocateQuarter builds an allocation for every active member.
func (s *Service) AllocateQuarter(ctx context.Context, quarter string) (*RunResult, error) {
	run, err := s.allocations.StartRun(ctx, quarter)
	if err != nil {
		return nil, err
	}
	members, err := s.members.Active(ctx)
	if err != nil {
		return nil, err
	}
	stock, err := s.inventory.Available(ctx)
	if err != nil {
		return nil, err
	}
	res := &RunResult{RunID: run.ID, Quarter: quarter}
	for _, m := range members {
		picks := s.picker.Pick(m, stock)
		if len(picks) == 0 {
			res.Skipped++
			continue
		}
		a := &models.Allocation{
			ID:            uuid.New(),
			RunID:         &run.ID,
			MemberID:      m.ID,
			Quarter:       quarter,
			Status:        models.AllocationPending,
			ShippingCents: shippingFor(m.ShipState),
		}
		for _, p := range picks {
			a.Items = append(a.Items, models.AllocationItem{
				ID: uuid.New(), AllocationID: a.ID, SKU: p.SKU, Quantity: p.Quantity, UnitCents: p.UnitCents,
			})
			a.SubtotalCents += p.UnitCents * int64(p.Quantity)
		}
		a.TaxCents = taxFor(m.ShipState, a.SubtotalCents)
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			for _, p := range picks {
				if err := s.inventory.Reserve(tx, p.SKU, p.Quantity); err != nil {
					return err
				}
			}
			return s.allocations.Create(tx, a)
		})
		if err != nil {
			s.log.WarnContext(ctx, "allocation failed", "member", m.ID, "err", err)
			res.Skipped++
			continue
		}
		res.Allocated++
		decrementStock(stock, picks)
	}
	if err := s.allocations.FinishRun(ctx, run.ID, res.Allocated); err != nil {
		return res, err
	}
	return res, nil
}

func decrementStock(stock []models.InventoryItem, picks []Pick) {
	for _, p := range picks {
		for i := range stock {
			if stock[i].SKU == p.SKU {
				stock[i].Reserved += p.Quantity
			}
		}
	}
}

func shippingFor(state string) int64 {
	switch state {
	case "AK", "HI":
		return 4500
	case "CA", "OR", "WA", "NV":
		return 1500
	default:
		return 2500
	}
}

var stateTaxBps = map[string]int64{"CA": 725, "NY": 400, "TX": 625, "FL": 600, "IL": 625, "WA": 650}

func taxFor(state string, subtotal int64) int64 {
	return subtotal * stateTaxBps[state] / 10000
}
