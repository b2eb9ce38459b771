// Package ledger posts the nightly settlement journal to Fernhill GL, the
// finance team's general ledger. POST /api/v3/journals creates a journal and
// returns its number; Fernhill has no idempotency key or external reference
// lookup, so every accepted POST is a new journal.
package ledger

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/northsound/ferrydesk/internal/platform/httpx"
)

// Line is one side of a journal.
type Line struct {
	Account     string `json:"account"`
	DebitCents  int64  `json:"debit_minor,omitempty"`
	CreditCents int64  `json:"credit_minor,omitempty"`
	Memo        string `json:"memo,omitempty"`
}

// Journal is a balanced set of lines for one business date.
type Journal struct {
	Entity    string `json:"entity"`
	Date      string `json:"date"`
	Currency  string `json:"currency"`
	Narrative string `json:"narrative"`
	Lines     []Line `json:"lines"`
}

// Balanced reports whether debits equal credits.
func (j Journal) Balanced() bool {
	var d, c int64
	for _, l := range j.Lines {
		d += l.DebitCents
		c += l.CreditCents
	}
	return d == c
}

// Client posts journals.
type Client struct {
	base   string
	token  string
	entity string
	doer   httpx.Doer
}

// New returns a client for entity.
func New(baseURL, token, entity string) *Client {
	return &Client{base: baseURL, token: token, entity: entity, doer: httpx.DefaultClient(30 * time.Second)}
}

// Entity is the legal entity journals are posted under.
func (c *Client) Entity() string { return c.entity }

// PostJournal creates the journal and returns Fernhill's journal number.
func (c *Client) PostJournal(ctx context.Context, j Journal) (string, error) {
	if !j.Balanced() {
		return "", fmt.Errorf("ledger: journal for %s does not balance", j.Date)
	}
	if j.Entity == "" {
		j.Entity = c.entity
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	var out struct {
		Number string `json:"journal_number"`
	}
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.base+"/api/v3/journals", h, j, &out); err != nil {
		return "", fmt.Errorf("ledger: post journal %s: %w", j.Date, err)
	}
	return out.Number, nil
}
