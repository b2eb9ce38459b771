package repository

import (
	"fmt"
	"strings"
)

// invoiceNumber renders the human-facing invoice number, e.g. HL-202403-00017.
func invoiceNumber(period string, seq int64) string {
	return fmt.Sprintf("HL-%s-%05d", strings.ReplaceAll(period, "-", ""), seq)
}
