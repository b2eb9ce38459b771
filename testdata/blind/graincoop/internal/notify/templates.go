package notify

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"github.com/prairiegold/graincoop/internal/domain"
)

var receiptTmpl = template.Must(template.New("receipt").Parse(`<h2>Scale ticket {{.Ticket.ElevatorID}}-{{.Ticket.TicketNo}}</h2>
<p>{{.Grower.LegalName}} (member {{.Grower.MemberNo}})</p>
<table>
<tr><td>Commodity</td><td>{{.Ticket.Commodity}}</td></tr>
<tr><td>Gross / tare / net lb</td><td>{{.Ticket.GrossLb}} / {{.Ticket.TareLb}} / {{.Ticket.NetLb}}</td></tr>
<tr><td>Moisture</td><td>{{.Ticket.MoisturePct}}%</td></tr>
<tr><td>Gross bu</td><td>{{.Ticket.GrossBu}}</td></tr>
<tr><td>Shrink bu</td><td>{{.Ticket.ShrinkBu}}</td></tr>
<tr><td>Net bu</td><td>{{.Ticket.NetBu}}</td></tr>
<tr><td>Drying</td><td>${{.Ticket.DryingCharge}}</td></tr>
</table>`))

var invoiceTmpl = template.Must(template.New("invoice").Parse(`<h2>Storage invoice {{.Period}}</h2>
<p>{{.Grower.LegalName}} (member {{.Grower.MemberNo}})</p>
<table>{{range .Fees}}
<tr><td>Lot {{.LotID}}</td><td>{{.Bushels}} bu @ {{.Rate}}</td><td>${{.Amount}}</td></tr>{{end}}
</table>
<p><b>Total due: ${{.Total}}</b></p>`))

func RenderReceipt(g *domain.Grower, t *domain.ScaleTicket) (string, error) {
	var b bytes.Buffer
	err := receiptTmpl.Execute(&b, map[string]any{"Grower": g, "Ticket": t})
	return b.String(), err
}

func RenderInvoice(g *domain.Grower, period string, fees []domain.StorageFee, total string) (string, error) {
	var b bytes.Buffer
	err := invoiceTmpl.Execute(&b, map[string]any{"Grower": g, "Period": period, "Fees": fees, "Total": total})
	return b.String(), err
}

func ContractSignedText(c *domain.Contract) string {
	price := "unpriced"
	if c.PricePerBu != nil {
		price = "$" + c.PricePerBu.StringFixed(4) + "/bu"
	}
	return fmt.Sprintf("PrairieGold: contract %s confirmed - %s bu %s, %s, deliver %s to %s. Reply STOP to opt out.",
		c.ContractNo, c.QuantityBu.StringFixed(0), strings.ReplaceAll(string(c.Commodity), "_", " "), price,
		c.DeliveryStart.Format("Jan 2"), c.DeliveryEnd.Format("Jan 2"))
}
