package keytx

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A claim is the INSERT that replaces a check of a key.
type claim struct {
	sql       string
	table     string
	cols      []string // the key columns, as the WHERE clause names them
	params    []int    // the argument each column takes
	countable bool     // the SELECT yields a count or a constant: its value tells found from not found
	exists    bool     // the SELECT is EXISTS (subquery): it always yields a row, and only its value tells
}

// Patterns of the SELECTs a claim can replace: a key looked up by
// equalities with placeholders, and nothing else. A condition the claim
// could not keep (an expiry test, an OR) leaves the check alone.
var (
	identRE   = "(?:[A-Za-z_][A-Za-z0-9_]*|\"[^\"]+\"|`[^`]+`)"
	condRE    = "(?:" + identRE + "\\.)?(" + identRE + ")\\s*=\\s*(\\$[0-9]+|\\?)"
	selectRE  = regexp.MustCompile("(?is)^\\s*SELECT\\s+(.+?)\\s+FROM\\s+(" + identRE + "(?:\\." + identRE + ")?)(?:\\s+(?:AS\\s+)?" + identRE + ")?\\s+WHERE\\s+(" + condRE + "(?:\\s+AND\\s+" + condRE + ")*)(?:\\s+LIMIT\\s+1)?\\s*;?\\s*$")
	condOneRE = regexp.MustCompile("(?is)" + condRE)
	countRE   = regexp.MustCompile("(?is)^(?:count\\s*\\(\\s*(?:\\*|1|" + identRE + ")\\s*\\)|1|true)$")
	// existsRE is a SELECT of EXISTS (subquery) alone, with an optional
	// alias; the subquery must then read as selectRE. NOT EXISTS, whose
	// true means "not found", gets no claim: the test of found would need
	// inverting.
	existsRE = regexp.MustCompile("(?is)^\\s*SELECT\\s+(NOT\\s+)?EXISTS\\s*\\((.+)\\)(?:\\s+(?:AS\\s+)?" + identRE + ")?\\s*;?\\s*$")
)

// claimOf builds the claim of a SELECT with nargs arguments, or false.
func claimOf(text string, nargs int, d fix.Dialect) (claim, bool) {
	exists := false
	if e := existsRE.FindStringSubmatch(text); e != nil {
		if e[1] != "" {
			return claim{}, false // NOT EXISTS: found is false
		}
		text, exists = e[2], true
	}
	m := selectRE.FindStringSubmatch(text)
	if m == nil || d == fix.DialectUnknown {
		return claim{}, false
	}
	cl := claim{table: m[2], countable: exists || countRE.MatchString(strings.TrimSpace(m[1])), exists: exists}
	var holders []string
	used := map[int]bool{}
	for i, cm := range condOneRE.FindAllStringSubmatch(m[3], -1) {
		p := i // the nth ? takes the nth argument
		if cm[2] != "?" {
			n, err := strconv.Atoi(cm[2][1:])
			if err != nil || d != fix.PostgreSQL {
				return claim{}, false
			}
			p = n - 1
		} else if d == fix.PostgreSQL {
			return claim{}, false
		}
		if used[p] {
			return claim{}, false
		}
		used[p] = true
		cl.cols = append(cl.cols, cm[1])
		cl.params = append(cl.params, p)
		holders = append(holders, cm[2])
	}
	for p := range nargs {
		if !used[p] {
			return claim{}, false // an argument the claim would not take
		}
	}
	if len(used) != nargs {
		return claim{}, false
	}
	cl.sql = fix.InsertIgnoringDuplicate(d, cl.table, cl.cols, holders)
	return cl, true
}

// laterInsert returns the INSERT of the claimed key that runs after the
// check in the effect's transaction, or nil when there is none, or
// another INSERT into the key table that the claim would make fail.
func (c *checker) laterInsert(k, w *effects.Stmt, cl claim) *effects.Stmt {
	var found *effects.Stmt
	for _, b := range k.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == k.Instr || !effects.Reaches(k.Instr, call) {
				continue
			}
			st := effects.StmtOf(c.res.Env.Catalog, call)
			if st == nil || st.SQL.Kind != sqltext.Insert && st.SQL.Kind != sqltext.Merge || !strings.EqualFold(st.SQL.Table, k.SQL.Table) {
				continue
			}
			if found != nil || !effects.SameTx(st, w) || !insertsClaim(st, k, cl) {
				return nil
			}
			found = st
		}
	}
	return found
}

// insertsClaim reports whether an INSERT stores exactly the claimed
// columns, with the values the check looked up.
func insertsClaim(st, k *effects.Stmt, cl claim) bool {
	if st.SQL.Kind != sqltext.Insert || len(st.SQL.Columns) != len(cl.cols) {
		return false
	}
	for i, col := range cl.cols {
		j := columnIndex(st.SQL.Columns, col)
		if j < 0 || len(st.SQL.ArgsOf(j)) != 1 {
			return false
		}
		p, q := st.SQL.ArgsOf(j)[0].Index, cl.params[i]
		if p < 0 || p >= len(st.Args) || q >= len(k.Args) || !valueflow.SameValue(st.Args[p], k.Args[q]) {
			return false
		}
	}
	return true
}

func columnIndex(cols []string, col string) int {
	col = strings.Trim(col, "\"`")
	for i, c := range cols {
		if strings.EqualFold(c, col) {
			return i
		}
	}
	return -1
}
