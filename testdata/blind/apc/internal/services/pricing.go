package services

import (
	"strings"

	"github.com/quillpress/apcdesk/internal/domain"
)

// PriceList holds list APCs in cents, keyed journal -> article type ->
// currency. Types missing from a journal fall back to "research-article".
type PriceList map[string]map[string]map[string]int64

// DefaultPriceList is the 2025 list.
func DefaultPriceList() PriceList {
	return PriceList{
		"QBIO": {
			"research-article": {"USD": 295000, "EUR": 270000, "GBP": 235000},
			"review":           {"USD": 195000, "EUR": 180000},
			"editorial":        {"USD": 0, "EUR": 0, "GBP": 0},
		},
		"QCHEM": {
			"research-article": {"USD": 325000, "EUR": 299000, "GBP": 259000},
			"letter":           {"USD": 150000},
		},
		"QOPEN": {
			"research-article": {"USD": 180000, "EUR": 165000, "GBP": 145000},
		},
	}
}

// Quote returns the list price for an article.
func (p PriceList) Quote(journal, articleType, currency string) (int64, error) {
	j, ok := p[strings.ToUpper(journal)]
	if !ok {
		return 0, domain.Invalid("journal_code", "no price list for journal %s", journal)
	}
	byCur, ok := j[articleType]
	if !ok {
		byCur, ok = j["research-article"]
	}
	if !ok {
		return 0, domain.Invalid("article_type", "no price for %s in %s", articleType, journal)
	}
	cents, ok := byCur[strings.ToUpper(currency)]
	if !ok {
		return 0, domain.Invalid("currency", "%s not offered for %s", currency, journal)
	}
	return cents, nil
}
