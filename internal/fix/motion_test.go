package fix

import (
	"strings"
	"testing"
)

func TestCanMoveUp(t *testing.T) {
	for _, c := range []struct {
		name, between string
		want          bool
	}{
		{"nothing in between", "use(0)", true},
		{"x, err := above declares x", "x, err := begin(0)\n\tuse(x)", true},
		{"_, err := above would declare nothing", "_, err := begin(0)\n\tuse(err)", false},
		{"var err above", "var err error\n\tuse(err)", false},
		{"n assigned in between", "n = 2", false},
		{"n incremented in between", "n++", false},
		{"n's address taken in between", "set(&n)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `package p

func begin(int) (int, error) { return 0, nil }
func use(any)                {}
func set(*int)               {}

func f() error {
	n := 1
	key()
	` + c.between + `
	tx, err := begin(n)
	if err != nil {
		return err
	}
	defer use(tx)
	return nil
}

func key() {}
`
			tc := typeCheck(t, src)
			body := tc.fn(t, "f").Body
			from := 2 + strings.Count(c.between, "\n") + 1
			if got := CanMoveUp(tc.info, tc.pkg, body, 1, from, from+2); got != c.want {
				t.Errorf("CanMoveUp = %v, want %v", got, c.want)
			}
		})
	}
}

// A moved statement that uses a name declared after the place it moves
// to would mean another thing there, or nothing.
func TestCanMoveUpNames(t *testing.T) {
	src := `package p

func begin(int) (int, error) { return 0, nil }

func f() error {
	key()
	m := 2
	key()
	tx, err := begin(m)
	_, _ = tx, err
	return nil
}

func key() {}
`
	tc := typeCheck(t, src)
	body := tc.fn(t, "f").Body
	if CanMoveUp(tc.info, tc.pkg, body, 0, 3, 3) {
		t.Error("moved begin(m) above m's declaration")
	}
	if !CanMoveUp(tc.info, tc.pkg, body, 2, 3, 3) {
		t.Error("refused to move begin(m) up to a statement after m")
	}
}
