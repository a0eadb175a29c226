#!/usr/bin/env python3
"""Opens an iosec HTML report in headless Chromium and checks it as a reader would use it.

  scripts/check-html-report.py REPORT.html SCREENSHOT.png [--hostile]

Checks: no console errors; no request leaves the file (only file: and data: URLs); the finding count shown equals
the severity cards; each severity box, the rule menu and the path box filter the list and the count says so.
With --hostile (a report of a project holding `</script><img src=x onerror=…>` in its code and a file name), the
markup is shown as text: no injected element exists and no injected script ran. Needs Chromium and chromedriver
(Debian: chromium, chromium-driver) and selenium (PyPI). Exits 1 with the failed check.
"""
import json
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,2000"):
        options.add_argument(flag)
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(binary):
        options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    service = Service(driver_path) if os.path.exists(driver_path) else Service()
    return webdriver.Chrome(service=service, options=options)


def visible_findings(driver):
    return [li for li in driver.find_elements(By.CSS_SELECTOR, "li.finding") if li.is_displayed()]


def shown_text(driver):
    return driver.find_element(By.ID, "shown-count").text


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hostile = "--hostile" in sys.argv
    if len(args) != 2:
        print(__doc__)
        sys.exit(2)
    report, screenshot = (os.path.abspath(a) for a in args)
    driver = browser()
    try:
        driver.get("file://" + report)

        # Nothing but the file itself and inline data.
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if not (url.startswith("file:") or url.startswith("data:")):
                    fail(f"the page requested {url}")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            fail(f"console errors: {errors}")

        cards = {
            el.get_attribute("data-count-severity"): int(el.find_element(By.CLASS_NAME, "n").text)
            for el in driver.find_elements(By.CSS_SELECTOR, "[data-count-severity]")
        }
        total = sum(cards.values())
        items = driver.find_elements(By.CSS_SELECTOR, "li.finding[data-suppressed=false]")
        if len(items) != total:
            fail(f"{len(items)} findings in the list, the cards say {total}")
        if len(visible_findings(driver)) != total or shown_text(driver) != f"{total} of {total} findings shown":
            fail(f"before filtering: {len(visible_findings(driver))} visible, '{shown_text(driver)}'")

        # One severity at a time.
        boxes = driver.find_elements(By.CSS_SELECTOR, "input[name=severity]")
        for keep in cards:
            for box in boxes:
                if box.is_selected() != (box.get_attribute("value") == keep):
                    box.click()
            shown = visible_findings(driver)
            if len(shown) != cards[keep] or any(li.get_attribute("data-severity") != keep for li in shown):
                fail(f"severity {keep}: {len(shown)} shown, expected {cards[keep]}")
            if shown_text(driver) != f"{cards[keep]} of {total} findings shown":
                fail(f"severity {keep}: the count says '{shown_text(driver)}'")
        for box in boxes:
            if not box.is_selected():
                box.click()

        # A rule from the menu.
        menu = Select(driver.find_element(By.ID, "rule-filter"))
        if len(menu.options) > 1:
            option = menu.options[1]
            rule = option.get_attribute("value")
            expected = len(driver.find_elements(By.CSS_SELECTOR, f'li.finding[data-rule="{rule}"][data-suppressed=false]'))
            menu.select_by_value(rule)
            shown = visible_findings(driver)
            if len(shown) != expected or any(li.get_attribute("data-rule") != rule for li in shown):
                fail(f"rule {rule}: {len(shown)} shown, expected {expected}")
            menu.select_by_value("")

        # Part of a path.
        paths = [li.get_attribute("data-path") for li in items]
        if paths:
            fragment = paths[0].split("/")[0]
            expected = sum(1 for p in paths if fragment.lower() in p.lower())
            box = driver.find_element(By.ID, "path-filter")
            box.send_keys(fragment)
            if len(visible_findings(driver)) != expected:
                fail(f"path '{fragment}': {len(visible_findings(driver))} shown, expected {expected}")
            box.clear()
            box.send_keys("no-such-path-anywhere")
            if visible_findings(driver) or shown_text(driver) != f"0 of {total} findings shown":
                fail("a path matching nothing still shows findings")
            box.clear()
            box.send_keys(" ")  # an input event with an empty filter restores the list
            box.clear()

        if hostile:
            if driver.execute_script("return window.__pwned === undefined") is not True:
                fail("a script from the scanned files ran")
            if driver.find_elements(By.CSS_SELECTOR, "img"):
                fail("markup from the scanned files became an element")
            page_text = driver.find_element(By.TAG_NAME, "body").text
            if "<img src=x onerror=" not in page_text:
                fail("the hostile snippet is not shown as text")

        driver.save_screenshot(screenshot)
        print(f"HTML report checked in Chromium: {total} findings, filters work, no console errors, "
              f"no external requests{', hostile input shown as text' if hostile else ''}; screenshot: {screenshot}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
