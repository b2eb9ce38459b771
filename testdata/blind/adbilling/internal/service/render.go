package service

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/brightlane/adbilling/internal/domain"
)

// RenderInvoicePDF produces a single-page PDF of the invoice using the
// built-in Helvetica font. It is deliberately minimal: the portal offers the
// full statement; the PDF is the legal document.
func RenderInvoicePDF(inv domain.Invoice, adv domain.Advertiser) []byte {
	var lines []string
	lines = append(lines,
		"Brightlane Ads - Invoice "+inv.Number,
		"",
		"Bill to: "+adv.Name,
		"Account: "+adv.ExternalAccountID,
		"Period:  "+inv.Period,
		"Issued:  "+inv.IssuedAt.Format("2006-01-02"),
		"",
	)
	for _, l := range inv.Lines {
		lines = append(lines, fmt.Sprintf("%3d  %-60.60s %12s", l.LineNo, l.Description, l.Amount.String()))
	}
	lines = append(lines,
		"",
		fmt.Sprintf("Subtotal %s %s", inv.Subtotal.String(), inv.Currency),
		fmt.Sprintf("Credits  -%s %s", inv.Credits.String(), inv.Currency),
		fmt.Sprintf("Total    %s %s", inv.Total.String(), inv.Currency),
		"",
		"Prepaid balance was debited daily; no payment is due.",
	)
	return buildPDF(lines)
}

// RenderCreditNotePDF renders a credit note.
func RenderCreditNotePDF(cn domain.CreditNote, adv domain.Advertiser, invoiceNumber string) []byte {
	return buildPDF([]string{
		"Brightlane Ads - Credit note " + cn.ID,
		"",
		"Bill to: " + adv.Name,
		"Against invoice: " + invoiceNumber,
		"Amount: " + cn.Amount.String() + " " + cn.Currency,
		"Reason: " + cn.Reason,
	})
}

func pdfEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`)
	return r.Replace(s)
}

func buildPDF(lines []string) []byte {
	var content bytes.Buffer
	content.WriteString("BT /F1 10 Tf 50 800 Td 14 TL\n")
	for _, l := range lines {
		fmt.Fprintf(&content, "(%s) '\n", pdfEscape(l))
	}
	content.WriteString("ET\n")

	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, obj := range objects {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, obj)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return out.Bytes()
}
