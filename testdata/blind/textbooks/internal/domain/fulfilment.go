package domain

import (
	"fmt"
	"sort"
	"strings"

	"github.com/google/uuid"
)

// ShelfLocator maps a copy to its aisle/bay code in the back room.
type ShelfLocator func(copyID string) string

// NewPickTicket builds the ticket the back room prints for an order. Lines
// are sorted into a walking path so the picker makes one pass.
func NewPickTicket(order *Order, locate ShelfLocator) *PickTicket {
	stops := make([]string, 0, len(order.Lines))
	for _, l := range order.Lines {
		stops = append(stops, fmt.Sprintf("%s:%s", locate(l.CopyID), l.CopyID))
	}
	sort.Strings(stops)
	return &PickTicket{
		ID:        uuid.NewString(),
		OrderID:   order.ID,
		ShelfPath: strings.Join(stops, " > "),
		LineCount: len(order.Lines),
	}
}

// ResalePrice is the shelf price for a graded copy given what we paid.
func ResalePrice(paidCents int64, grade string) int64 {
	markup := map[string]int64{"like_new": 180, "good": 160, "acceptable": 140}[grade]
	if markup == 0 {
		markup = 150
	}
	p := paidCents * markup / 100
	// Round up to the next 49/99 price point.
	dollars := p / 100
	cents := p % 100
	switch {
	case cents <= 49:
		return dollars*100 + 49
	default:
		return dollars*100 + 99
	}
}
